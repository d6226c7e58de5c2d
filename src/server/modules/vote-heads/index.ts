export { DEFAULT_VOTE_HEADS, VOTE_HEAD_OF_CATEGORY, type DefaultVoteHeadCode } from './defaults.js';
export { ensureDefaultVoteHeads } from './vote-heads-defaults.repository.js';
