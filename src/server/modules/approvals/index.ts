/** The approvals module's public surface: other modules register their kinds and file requests here. */
export { decideApproval, decidePendingApproval, pendingApprovalCount, recordApprovalDecision, registerApprovalKind, requestApproval, type ApprovalDecider, type ApprovalKind } from './approvals.service.js';
export { approvalsRoutes } from './approvals.routes.js';
