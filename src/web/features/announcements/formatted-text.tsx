import * as React from 'react';
import { cn } from '@/lib/utils';

/**
 * An announcement body with basic formatting, rendered as React text nodes (never as HTML, so tags
 * or scripts in the body show as typed): blank lines separate paragraphs, lines starting with "- " or
 * "* " form a bulleted list, **bold**, *italics* (or _italics_), [text](https://…) links and bare
 * http(s) addresses become links. Anything else, including HTML, stays literal text.
 */
export function FormattedText({ text, className, testId }: { text: string; className?: string; testId?: string }) {
  const blocks = React.useMemo(() => parseBlocks(text), [text]);
  return (
    <div className={cn('space-y-3 text-sm leading-relaxed break-words', className)} data-testid={testId}>
      {blocks.map((b, i) =>
        b.kind === 'list' ? (
          <ul key={i} className="list-disc space-y-1 pl-5 marker:text-muted-foreground">
            {b.items.map((item, j) => (
              <li key={j}>{renderInline(item)}</li>
            ))}
          </ul>
        ) : (
          <p key={i} className="whitespace-pre-line">
            {renderInline(b.text)}
          </p>
        ),
      )}
    </div>
  );
}

/** The body as plain one-line text (formatting marks removed), for list previews and SMS-like snippets. */
export function plainText(text: string): string {
  return text
    .replace(/\[([^\]\n]+)\]\((https?:\/\/[^\s)]+|mailto:[^\s)]+)\)/g, '$1')
    .replace(/\*\*([^*\n]+)\*\*/g, '$1')
    .replace(/(^|[^*\w])[*_]([^*_\n]+)[*_](?=[^*\w]|$)/g, '$1$2')
    .replace(/^\s*[-*]\s+/gm, '• ')
    .replace(/\s+/g, ' ')
    .trim();
}

type Block = { kind: 'para'; text: string } | { kind: 'list'; items: string[] };

const LIST_LINE = /^\s*[-*]\s+(.*)$/;

/** Splits the body into paragraphs and bulleted lists. */
export function parseBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  let para: string[] = [];
  let list: string[] = [];
  const flushPara = () => {
    if (para.length) blocks.push({ kind: 'para', text: para.join('\n') });
    para = [];
  };
  const flushList = () => {
    if (list.length) blocks.push({ kind: 'list', items: list });
    list = [];
  };
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const item = LIST_LINE.exec(line);
    if (item && !/^\s*\*\*/.test(line)) {
      flushPara();
      list.push(item[1]);
    } else if (line.trim() === '') {
      flushPara();
      flushList();
    } else {
      flushList();
      para.push(line);
    }
  }
  flushPara();
  flushList();
  return blocks;
}

// Links first (so their text is not split by emphasis), then bold, then italics, then bare addresses.
const INLINE = /\[([^\]\n]+)\]\(((?:https?:\/\/|mailto:)[^\s)]+)\)|\*\*([^*\n]+?)\*\*|(?<![\w*])\*([^*\n]+?)\*(?![\w*])|(?<![\w_])_([^_\n]+?)_(?![\w_])|(https?:\/\/[^\s<>"')\]]+[^\s<>"')\].,;:!?])/g;

function link(href: string, label: string, key: number) {
  return (
    <a key={key} href={href} target="_blank" rel="noopener noreferrer nofollow" className="font-medium text-primary underline underline-offset-2 hover:text-primary/80">
      {label}
    </a>
  );
}

/** One paragraph or list item's inline formatting as React nodes. */
export function renderInline(text: string): React.ReactNode[] {
  const out: React.ReactNode[] = [];
  let last = 0;
  let key = 0;
  for (const m of text.matchAll(INLINE)) {
    const at = m.index ?? 0;
    if (at > last) out.push(text.slice(last, at));
    if (m[1] !== undefined && m[2] !== undefined) out.push(link(m[2], m[1], key++));
    else if (m[3] !== undefined) out.push(<strong key={key++} className="font-semibold">{m[3]}</strong>);
    else if (m[4] !== undefined) out.push(<em key={key++}>{m[4]}</em>);
    else if (m[5] !== undefined) out.push(<em key={key++}>{m[5]}</em>);
    else if (m[6] !== undefined) out.push(link(m[6], m[6], key++));
    last = at + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}
