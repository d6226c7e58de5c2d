/** Placeholder until the promo video modal lands (issue 4). */
export function PromoVideoModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  if (!open) return null;
  return (
    <div role="dialog" aria-modal="true" aria-label="EduFam demo video">
      <button type="button" onClick={onClose}>
        Close
      </button>
    </div>
  );
}
