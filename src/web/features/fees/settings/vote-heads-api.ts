import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateVoteHeadBody, ListVoteHeadsResponse, PrepaymentsResponse, ReallocatePaymentBody, ReallocatePaymentResponse, UpdateVoteHeadBody, VoteHead } from '@shared/contracts/vote-heads';
import { api } from '@/lib/api';
import { FEES_KEY } from '../api/fees';

/**
 * Vote heads (issue 35 §3): GET/POST/PATCH/DELETE /api/fees/vote-heads and PUT
 * /api/fees/payments/:id/allocations. Kept under the fees query key so a change refreshes structures,
 * payments and receipts too.
 */

const KEY = [...FEES_KEY, 'vote-heads'] as const;

/** The school's vote heads and rule (the finance officer, principal and director). */
export const useVoteHeads = (enabled = true) => useQuery({ queryKey: KEY, queryFn: () => api<ListVoteHeadsResponse>('/api/fees/vote-heads'), enabled, staleTime: 20_000, retry: 1 });

function useVoteHeadMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => void qc.invalidateQueries({ queryKey: FEES_KEY }) });
}

export const useCreateVoteHead = () => useVoteHeadMutation((body: CreateVoteHeadBody) => api<VoteHead>('/api/fees/vote-heads', { method: 'POST', json: body }));
export const useUpdateVoteHead = () => useVoteHeadMutation(({ id, body }: { id: string; body: UpdateVoteHeadBody }) => api<VoteHead>(`/api/fees/vote-heads/${id}`, { method: 'PATCH', json: body }));
export const useDeleteVoteHead = () => useVoteHeadMutation((id: string) => api<{ deleted: true }>(`/api/fees/vote-heads/${id}`, { method: 'DELETE' }));
export const useReallocatePayment = () =>
  useVoteHeadMutation(({ id, body }: { id: string; body: ReallocatePaymentBody }) => api<ReallocatePaymentResponse>(`/api/fees/payments/${id}/allocations`, { method: 'PUT', json: body }));

/** Money held in "Fees paid in advance" and what can move to the invoices now (GET /api/fees/vote-heads/prepayments). */
export const usePrepayments = () => useQuery({ queryKey: [...KEY, 'prepayments'], queryFn: () => api<PrepaymentsResponse>('/api/fees/vote-heads/prepayments'), staleTime: 20_000, retry: 1 });
/** Moves it (POST /api/fees/vote-heads/prepayments/apply; the finance officer). */
export const useApplyPrepayments = () => useVoteHeadMutation(() => api<PrepaymentsResponse>('/api/fees/vote-heads/prepayments/apply', { method: 'POST' }));
