import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ImportResult,
  InventorySummary,
  InventoryItem,
  ItemInput,
  ItemsResponse,
  MovementInput,
  MovementResult,
  MovementsResponse,
  StockTakeInput,
  StockTakeResult,
  Supplier,
  SupplierInput,
  Valuation,
} from '@shared/contracts/inventory';
import { api, ApiError } from '@/lib/api';

/** Data hooks of the Inventory screens (issue 15 §5); every write refreshes the store's queries. */

const KEY = ['inventory'] as const;

export function useInventorySummary() {
  return useQuery({ queryKey: [...KEY, 'summary'], queryFn: () => api<InventorySummary>('/api/inventory/summary') });
}
export function useLowStock() {
  return useQuery({ queryKey: [...KEY, 'alerts'], queryFn: () => api<{ items: InventoryItem[] }>('/api/inventory/alerts') });
}
export function useItems(params: URLSearchParams) {
  return useQuery({ queryKey: [...KEY, 'items', params.toString()], queryFn: () => api<ItemsResponse>(`/api/inventory/items?${params}`), placeholderData: keepPreviousData });
}
export function useMovements(params: URLSearchParams, itemId?: string) {
  const base = itemId ? `/api/inventory/items/${itemId}/movements` : '/api/inventory/movements';
  return useQuery({ queryKey: [...KEY, 'movements', itemId ?? '', params.toString()], queryFn: () => api<MovementsResponse>(`${base}?${params}`), placeholderData: keepPreviousData });
}
export function useSuppliers(active: 'true' | 'all' = 'true') {
  return useQuery({ queryKey: [...KEY, 'suppliers', active], queryFn: () => api<{ items: Supplier[] }>(`/api/suppliers?active=${active}`) });
}
export function useValuation() {
  return useQuery({ queryKey: [...KEY, 'valuation'], queryFn: () => api<Valuation>('/api/inventory/valuation') });
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: KEY });
    void qc.invalidateQueries({ queryKey: ['fees'] });
  };
}

/** POST /api/inventory/movements with an Idempotency-Key per attempt (a double click records once). */
export function usePostMovement() {
  const done = useInvalidate();
  return useMutation({
    mutationFn: ({ body, key }: { body: MovementInput; key: string }) => api<MovementResult>('/api/inventory/movements', { method: 'POST', json: body, headers: { 'idempotency-key': key } }),
    onSuccess: done,
  });
}
export function useSaveItem() {
  const done = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: Partial<ItemInput> }) => api<InventoryItem>(id ? `/api/inventory/items/${id}` : '/api/inventory/items', { method: id ? 'PATCH' : 'POST', json: body }),
    onSuccess: done,
  });
}
export function useSaveSupplier() {
  const done = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: Partial<SupplierInput> }) => api<Supplier>(id ? `/api/suppliers/${id}` : '/api/suppliers', { method: id ? 'PATCH' : 'POST', json: body }),
    onSuccess: done,
  });
}
export function useStockTake() {
  const done = useInvalidate();
  return useMutation({ mutationFn: (body: StockTakeInput) => api<StockTakeResult>('/api/inventory/stock-takes', { method: 'POST', json: body }), onSuccess: done });
}

/** Uploads the opening-stock file (preview, or commit). */
export function useImportStock() {
  const done = useInvalidate();
  return useMutation({
    mutationFn: async ({ file, commit }: { file: File; commit: boolean }) => {
      const form = new FormData();
      form.append('file', file);
      const res = await fetch(`/api/inventory/import?commit=${commit}`, { method: 'POST', body: form, credentials: 'same-origin' });
      const body = await res.json().catch(() => null);
      if (!res.ok) throw new ApiError(res.status, body?.error?.code ?? 'HTTP', body?.error?.message ?? 'Import failed', body?.error?.fields);
      return body as ImportResult;
    },
    onSuccess: (r) => {
      if (r.committed) done();
    },
  });
}

/** Learners for the sale picker (GET /api/students?search=). */
export function useLearnerSearch(search: string) {
  return useQuery({
    queryKey: ['inventory-learner-search', search],
    queryFn: () => api<{ items: { id: string; firstName: string; lastName: string; admissionNumber: string; className?: string | null }[] }>(`/api/students?search=${encodeURIComponent(search)}&pageSize=8`),
    enabled: search.trim().length >= 2,
    placeholderData: keepPreviousData,
  });
}
