export { DEFAULT_VOTE_HEADS, PREPAYMENT_CODE, VOTE_HEAD_OF_CATEGORY, type DefaultVoteHeadCode } from './defaults.js';
export { ensureDefaultVoteHeads } from './vote-heads-defaults.repository.js';
export { allocatePayment, allocateReversal, allocationsByPayment, loadLedgers, owedOf, schoolVoteHeads, splitPayment, voteHeadRuleOf } from './allocation.repository.js';
export { resolveItemVoteHeads } from './vote-heads.service.js';
