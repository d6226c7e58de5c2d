import * as React from 'react';
import { FileText, ImageIcon, Loader2, Paperclip, SendHorizontal, X } from 'lucide-react';
import { toast } from 'sonner';
import { CONVERSATION_BODY_MAX, type ConversationAttachment } from '@shared/contracts/conversations';
import { conversationScreens as t } from '@shared/messages/conversations-screens';
import { filesMessages } from '@shared/messages/files';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { uploadAttachment } from './messages-api';
import { formatBytes } from './format';

const c = t.composer;
/** What POST /api/attachments accepts (checked again on the server, from the bytes). */
const MAX_BYTES = 10 * 1024 * 1024;
const MAX_FILES = 5;
const TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp', 'image/gif'];

interface Draft {
  localId: string;
  name: string;
  sizeBytes: number;
  contentType: string;
  ref?: ConversationAttachment;
}

/** An attachment's chip icon: an image or a document. */
export function AttachmentIcon({ contentType, className }: { contentType: string; className?: string }) {
  return contentType.startsWith('image/') ? <ImageIcon className={className} aria-hidden /> : <FileText className={className} aria-hidden />;
}

/**
 * The message box under a thread: a growing textarea (Enter sends, Shift+Enter adds a line) and
 * attachments (PDF or images up to 10 MB, at most 5), uploaded at once with a clear toast when a file is
 * too large, of the wrong type or refused. `onSend` gets the text and the uploaded references.
 */
export function Composer({ onSend, disabled }: { onSend: (body: string, attachments: ConversationAttachment[]) => void; disabled?: boolean }) {
  const [body, setBody] = React.useState('');
  const [drafts, setDrafts] = React.useState<Draft[]>([]);
  const fileRef = React.useRef<HTMLInputElement>(null);
  const areaRef = React.useRef<HTMLTextAreaElement>(null);
  const uploading = drafts.some((d) => !d.ref);
  const canSend = !disabled && !uploading && body.trim().length > 0;

  // The textarea grows with its text up to ~8 lines.
  React.useLayoutEffect(() => {
    const el = areaRef.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, 200)}px`;
  }, [body]);

  const addFiles = (files: FileList | null) => {
    if (!files) return;
    let room = MAX_FILES - drafts.length;
    for (const file of Array.from(files)) {
      if (room <= 0) {
        toast.error(c.tooMany(MAX_FILES));
        break;
      }
      if (file.size > MAX_BYTES) {
        toast.error(c.uploadFailed(file.name), { description: filesMessages.tooLarge(10) });
        continue;
      }
      if (file.type && !TYPES.includes(file.type)) {
        toast.error(c.uploadFailed(file.name), { description: filesMessages.wrongType(filesMessages.kinds.attachment) });
        continue;
      }
      room -= 1;
      const localId = crypto.randomUUID();
      setDrafts((d) => [...d, { localId, name: file.name, sizeBytes: file.size, contentType: file.type }]);
      uploadAttachment(file).then(
        (ref) => setDrafts((d) => d.map((x) => (x.localId === localId ? { ...x, ref } : x))),
        (err: Error) => {
          setDrafts((d) => d.filter((x) => x.localId !== localId));
          toast.error(c.uploadFailed(file.name), { description: err.message });
        },
      );
    }
    if (fileRef.current) fileRef.current.value = '';
  };

  const send = () => {
    if (!canSend) return;
    onSend(body.trim(), drafts.flatMap((d) => (d.ref ? [d.ref] : [])));
    setBody('');
    setDrafts([]);
    areaRef.current?.focus();
  };

  return (
    <div className="shrink-0 border-t bg-card/60 p-2.5 sm:p-3" data-testid="message-composer">
      {drafts.length > 0 && (
        <ul className="mb-2 flex flex-wrap gap-1.5" aria-label={c.attach}>
          {drafts.map((d) => (
            <li key={d.localId} className="flex max-w-full items-center gap-1.5 rounded-md border bg-background py-1 pr-1 pl-2 text-xs" data-testid="composer-attachment">
              {d.ref ? <AttachmentIcon contentType={d.contentType} className="size-3.5 shrink-0 text-muted-foreground" /> : <Loader2 className="size-3.5 shrink-0 animate-spin" aria-label={c.uploading} />}
              <span className="max-w-40 truncate">{d.name}</span>
              <span className="text-muted-foreground">{formatBytes(d.sizeBytes)}</span>
              <button
                type="button"
                className="rounded p-0.5 text-muted-foreground hover:bg-accent hover:text-foreground"
                onClick={() => setDrafts((all) => all.filter((x) => x.localId !== d.localId))}
                aria-label={c.removeAttachment(d.name)}
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex items-end gap-1.5 rounded-xl border bg-background px-1.5 py-1.5 shadow-xs focus-within:ring-2 focus-within:ring-ring/40">
        <input ref={fileRef} type="file" multiple accept={TYPES.join(',')} className="hidden" onChange={(e) => addFiles(e.target.files)} data-testid="composer-file" />
        <Button type="button" variant="ghost" size="icon" className="shrink-0 text-muted-foreground" onClick={() => fileRef.current?.click()} aria-label={c.attach} title={c.attach} disabled={disabled}>
          <Paperclip aria-hidden />
        </Button>
        <textarea
          ref={areaRef}
          rows={1}
          value={body}
          maxLength={CONVERSATION_BODY_MAX}
          onChange={(e) => setBody(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              send();
            }
          }}
          placeholder={c.placeholder}
          aria-label={c.label}
          className="max-h-[200px] min-h-9 flex-1 resize-none bg-transparent px-1 py-2 text-sm leading-5 outline-none placeholder:text-muted-foreground"
          data-testid="composer-input"
        />
        <Button type="button" size="icon" className={cn('shrink-0 rounded-lg', !canSend && 'opacity-50')} onClick={send} disabled={!canSend} aria-label={c.send} title={c.send} data-testid="composer-send">
          <SendHorizontal aria-hidden />
        </Button>
      </div>
      <p className="mt-1 hidden px-1 text-[11px] text-muted-foreground sm:block">{c.hint}</p>
    </div>
  );
}
