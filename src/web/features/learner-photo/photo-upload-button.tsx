import * as React from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Camera, ImageUp, Loader2, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { messages } from '@shared/messages';
import { api } from '@/lib/api';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { preparePhoto, PHOTO_TYPES } from './prepare-photo';

const m = messages.people.photo;

export interface PhotoUploadButtonProps {
  studentId: string;
  /** The learner's name (confirmation text, labels). */
  name: string;
  /** Whether the learner has a photo now (offers Change and Remove instead of Upload). */
  hasPhoto: boolean;
  /** Called after a change with the new photo URL (null after removal). */
  onChanged?: (photoUrl: string | null) => void;
  size?: 'sm' | 'default';
  className?: string;
}

/**
 * The principal's photo control for a learner: "Upload photo", or a menu with "Change photo" and
 * "Remove photo" (confirmed). The picked image is scaled to at most 800 px and re-encoded as JPEG in
 * the browser (so WebP and phone photos print on ID cards and stay well under 2 MB); the server checks
 * type and size again (PUT /api/students/:id/photo; DELETE to remove). On success it refreshes the
 * learner queries (['learners'], ['people']) and calls `onChanged`.
 */
export function PhotoUploadButton({ studentId, name, hasPhoto, onChanged, size = 'sm', className }: PhotoUploadButtonProps) {
  const qc = useQueryClient();
  const input = React.useRef<HTMLInputElement>(null);
  const [busy, setBusy] = React.useState(false);
  const [confirm, setConfirm] = React.useState(false);

  const refresh = (url: string | null) => {
    void qc.invalidateQueries({ queryKey: ['learners'] });
    void qc.invalidateQueries({ queryKey: ['people'] });
    onChanged?.(url);
  };

  const upload = async (file: File) => {
    setBusy(true);
    try {
      const prepared = await preparePhoto(file);
      const form = new FormData();
      form.append('file', prepared, prepared.name);
      const res = await api<{ photoUrl: string }>(`/api/students/${studentId}/photo`, { method: 'PUT', body: form, timeoutMs: 60_000 });
      toast.success(m.uploaded);
      refresh(res.photoUrl);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      await api<void>(`/api/students/${studentId}/photo`, { method: 'DELETE' });
      toast.success(m.removed);
      setConfirm(false);
      refresh(null);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  const picker = (
    <input
      ref={input}
      type="file"
      accept={PHOTO_TYPES.join(',')}
      className="sr-only"
      tabIndex={-1}
      aria-hidden
      data-testid="photo-file-input"
      onChange={(e) => {
        const file = e.target.files?.[0];
        if (file) void upload(file);
      }}
    />
  );
  const icon = busy ? <Loader2 className="animate-spin" aria-hidden /> : <Camera aria-hidden />;

  if (!hasPhoto) {
    return (
      <>
        {picker}
        <Button type="button" variant="outline" size={size} className={className} disabled={busy} onClick={() => input.current?.click()} title={m.hint} data-testid="photo-upload">
          {icon}
          {busy ? m.uploading : m.upload}
        </Button>
      </>
    );
  }
  return (
    <>
      {picker}
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button type="button" variant="outline" size={size} className={className} disabled={busy} data-testid="photo-menu">
            {icon}
            {busy ? m.uploading : m.change}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start">
          <DropdownMenuItem onSelect={() => input.current?.click()} data-testid="photo-change">
            <ImageUp aria-hidden />
            {m.change}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setConfirm(true)} className="text-destructive data-[highlighted]:text-destructive" data-testid="photo-remove">
            <Trash2 aria-hidden />
            {m.remove}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmDialog
        open={confirm}
        tone="danger"
        icon={Trash2}
        title={m.removeTitle}
        text={`${name}: ${m.removeText}`}
        cancelLabel={m.cancel}
        confirmLabel={m.remove}
        pending={busy}
        onCancel={() => setConfirm(false)}
        onConfirm={() => void remove()}
        testId="photo-remove-dialog"
        confirmTestId="photo-remove-confirm"
      />
    </>
  );
}
