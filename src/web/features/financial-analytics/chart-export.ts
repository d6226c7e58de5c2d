/**
 * Client-side downloads of a chart (issue 15 §3 "Charts, each exportable"): a PNG drawn from the chart's
 * recharts SVG on a canvas (no extra dependency), and a CSV of its figures. The SVG's colours come from
 * theme variables, which an SVG drawn as an image cannot resolve, so every element's computed paint and
 * font are copied onto the clone first.
 */
import { saveBlob } from '@/lib/save-blob';

const PAINT = ['fill', 'fill-opacity', 'stop-color', 'stop-opacity', 'stroke', 'stroke-opacity', 'stroke-width', 'stroke-dasharray', 'opacity', 'font-size', 'font-family', 'font-weight', 'text-anchor', 'dominant-baseline'] as const;

/** A standalone copy of `svg` with computed paint and fonts inlined. */
function inlineSvg(svg: SVGSVGElement): { markup: string; width: number; height: number } {
  const rect = svg.getBoundingClientRect();
  const clone = svg.cloneNode(true) as SVGSVGElement;
  const src = [svg, ...svg.querySelectorAll('*')];
  const dst = [clone, ...clone.querySelectorAll('*')];
  src.forEach((el, i) => {
    const target = dst[i] as SVGElement | undefined;
    if (!target) return;
    const cs = getComputedStyle(el);
    const style = PAINT.map((p) => `${p}:${cs.getPropertyValue(p)}`).join(';');
    target.setAttribute('style', style);
    target.removeAttribute('class');
  });
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  clone.setAttribute('width', String(rect.width));
  clone.setAttribute('height', String(rect.height));
  return { markup: new XMLSerializer().serializeToString(clone), width: rect.width, height: rect.height };
}

function loadImage(markup: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('The chart could not be drawn.'));
    img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`;
  });
}

/** A CSS colour (theme variables allowed) as the browser computes it, for the canvas. */
function resolveColour(colour: string, host: HTMLElement): string {
  const probe = document.createElement('span');
  probe.style.color = colour;
  host.append(probe);
  const out = getComputedStyle(probe).color;
  probe.remove();
  return out;
}

export interface PngLegendRow {
  label: string;
  value: string;
  colour: string;
}

/**
 * Draws the chart in `container` (its first recharts SVG, or any SVG) on a canvas at twice the screen
 * size, with a title and subtitle above and optional legend rows below, and downloads it as `fileName`.
 */
export async function downloadChartPng(container: HTMLElement, opts: { title: string; subtitle?: string; legend?: PngLegendRow[]; fileName: string }): Promise<void> {
  const svg = (container.querySelector('svg.recharts-surface') ?? container.querySelector('svg')) as SVGSVGElement | null;
  if (!svg) throw new Error('There is no chart to export.');
  const { markup, width, height } = inlineSvg(svg);
  const img = await loadImage(markup);
  const scale = 2;
  const pad = 24;
  const head = opts.subtitle ? 58 : 40;
  const legendRows = opts.legend ?? [];
  const legendHeight = legendRows.length ? legendRows.length * 22 + 12 : 0;
  const w = Math.max(width + pad * 2, 360);
  const h = head + height + legendHeight + pad * 2;
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(w * scale);
  canvas.height = Math.round(h * scale);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('The chart could not be drawn.');
  ctx.scale(scale, scale);
  const cs = getComputedStyle(container);
  const font = cs.fontFamily || 'sans-serif';
  ctx.fillStyle = resolveColour('var(--color-card)', container) || '#ffffff';
  ctx.fillRect(0, 0, w, h);
  ctx.fillStyle = resolveColour('var(--color-foreground)', container);
  ctx.font = `600 16px ${font}`;
  ctx.textBaseline = 'top';
  ctx.fillText(opts.title, pad, pad);
  if (opts.subtitle) {
    ctx.fillStyle = resolveColour('var(--color-muted-foreground)', container);
    ctx.font = `400 12px ${font}`;
    ctx.fillText(opts.subtitle, pad, pad + 22);
  }
  ctx.drawImage(img, pad + Math.max(0, (w - pad * 2 - width) / 2), pad + head, width, height);
  let y = pad + head + height + 12;
  ctx.font = `400 12px ${font}`;
  for (const row of legendRows) {
    ctx.fillStyle = resolveColour(row.colour, container);
    ctx.beginPath();
    ctx.arc(pad + 5, y + 7, 5, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = resolveColour('var(--color-foreground)', container);
    ctx.textAlign = 'left';
    ctx.fillText(row.label, pad + 16, y);
    ctx.textAlign = 'right';
    ctx.fillText(row.value, w - pad, y);
    ctx.textAlign = 'left';
    y += 22;
  }
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('The chart could not be drawn.');
  saveBlob(blob, opts.fileName);
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** A CSV cell: quoted when needed; text that could start a formula gets a leading apostrophe. */
function cell(v: string | number | null | undefined): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return String(v);
  const safe = FORMULA_START.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Downloads rows as a UTF-8 CSV (with a byte-order mark so Excel reads accents). */
export function downloadCsv(fileName: string, header: string[], rows: (string | number | null | undefined)[][]): void {
  const text = [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n');
  saveBlob(new Blob(['\ufeff', text], { type: 'text/csv;charset=utf-8' }), fileName);
}
