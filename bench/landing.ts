/**
 * The marketing site's budgets (issue 4): Lighthouse (npm, 12.x for Node 20) driving Debian Chromium
 * with its default mobile preset (Moto G-class device, simulated slow 4G), on / and each view, plus the
 * JavaScript / loads (gzip) against the 100 KB budget, and a check that none of the signed-in app's
 * code is requested.
 *
 *   npm run build && npm run bench:landing
 *
 * Lighthouse is installed on demand into bench/lighthouse/ (not a dependency of the app). Starts the
 * real server (embedded PGlite in memory, production mode) on port 3295, runs / BENCH_RUNS times
 * (default 3, median reported) and every other view once, and writes bench/results/landing.md.
 * Targets: performance, accessibility, best practices and SEO each ≥ 95 on /; landing JS ≤ 100 KB.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = path.resolve(import.meta.dirname, '..');
const LH_DIR = path.join(ROOT, 'bench/lighthouse');
const PORT = Number(process.env.BENCH_PORT ?? 3295);
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const TARGET = 95;
const JS_BUDGET_KB = 100;

/** The parts of a Lighthouse result read here. */
interface Audit {
  title: string;
  score: number | null;
  numericValue?: number;
  displayValue?: string;
  details?: { items?: { url?: string; resourceType?: string; node?: { snippet?: string } }[] };
}
interface Lhr {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, Audit>;
}
type LighthouseFn = (url: string, flags: Record<string, unknown>) => Promise<{ lhr: Lhr } | undefined>;
interface ChromeLauncher {
  launch: (opts: { chromePath: string; chromeFlags: string[] }) => Promise<{ port: number; kill: () => Promise<void> | void }>;
}

function ensureLighthouse(): void {
  if (existsSync(path.join(LH_DIR, 'node_modules/lighthouse'))) return;
  console.log('Installing Lighthouse into bench/lighthouse …');
  execFileSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: LH_DIR, stdio: 'inherit', env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' } });
}

async function startServer(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: 'memory://', LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${BASE}/api/ready`)).ok) return child;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGTERM');
  throw new Error('server did not become ready');
}

const kb = (n: number) => Math.round((n / 1024) * 10) / 10;

/** Scripts and styles landing.html references, fetched and gzipped as a browser would receive them. */
async function measureAssets(): Promise<{ js: { file: string; raw: number; gzip: number }[]; css: { raw: number; gzip: number }; referenced: Set<string> }> {
  const html = await (await fetch(`${BASE}/`)).text();
  const jsFiles = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g), ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)].map((m) => m[1]!);
  const cssFiles = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+\.css)"/g)].map((m) => m[1]!);
  const js = [];
  for (const file of jsFiles) {
    const body = Buffer.from(await (await fetch(`${BASE}${file}`)).arrayBuffer());
    js.push({ file, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
  }
  const css = { raw: 0, gzip: 0 };
  for (const file of cssFiles) {
    const body = Buffer.from(await (await fetch(`${BASE}${file}`)).arrayBuffer());
    css.raw += body.length;
    css.gzip += gzipSync(body, { level: 9 }).length;
  }
  return { js, css, referenced: new Set(jsFiles) };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  if (!existsSync(path.join(ROOT, 'dist/web/landing.html'))) throw new Error('dist/web/landing.html is missing: run `npm run build` first.');
  ensureLighthouse();
  const lighthouse = (await import(pathToFileURL(path.join(LH_DIR, 'node_modules/lighthouse/core/index.js')).href)).default as LighthouseFn;
  const launcher = (await import(pathToFileURL(path.join(LH_DIR, 'node_modules/chrome-launcher/dist/index.js')).href)) as ChromeLauncher;
  const chromiumVersion = (() => {
    try {
      return execFileSync(CHROME, ['--version'], { encoding: 'utf8' }).trim();
    } catch {
      return 'unknown';
    }
  })();

  const server = await startServer();
  const chrome = await launcher.launch({
    chromePath: CHROME,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const audit = async (url: string) => {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      return result.lhr;
    };
    const score = (lhr: Lhr, c: string) => Math.round((lhr.categories[c]?.score ?? 0) * 100);

    const homeRuns: Lhr[] = [];
    for (let i = 0; i < RUNS; i++) {
      homeRuns.push(await audit(`${BASE}/`));
      console.log(`/ run ${i + 1}: ${CATEGORIES.map((c) => `${c} ${score(homeRuns[i]!, c)}`).join(', ')}`);
    }
    const medianPerf = median(homeRuns.map((l) => score(l, 'performance')));
    const representative = homeRuns.find((l) => score(l, 'performance') === medianPerf)!;
    const rows: { path: string; scores: number[] }[] = [{ path: '/', scores: CATEGORIES.map((c) => median(homeRuns.map((l) => score(l, c)))) }];
    for (const p of ['/features', '/about', '/pricing', '/contact']) {
      const lhr = await audit(`${BASE}${p}`);
      rows.push({ path: p, scores: CATEGORIES.map((c) => score(lhr, c)) });
      console.log(`${p}: ${CATEGORIES.map((c) => `${c} ${score(lhr, c)}`).join(', ')}`);
    }

    const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'].map(
      (id) => `${representative.audits[id]?.title ?? id}: ${representative.audits[id]?.displayValue ?? '–'}`,
    );
    // Audits that cost points on / (score below 0.9 in a weighted category).
    const weak = CATEGORIES.flatMap((c) =>
      representative.categories[c]!.auditRefs.filter((r) => r.weight > 0 && (representative.audits[r.id]?.score ?? 1) < 0.9).map(
        (r) => {
          const a = representative.audits[r.id]!;
          const nodes = (a.details?.items ?? []).map((it) => it.node?.snippet).filter(Boolean).slice(0, 3);
          return `${c}: ${a.title} (${a.displayValue ?? a.score})${nodes.length ? ` — ${nodes.join(' ')}` : ''}`;
        },
      ),
    );

    const assets = await measureAssets();
    const jsGzip = assets.js.reduce((s, f) => s + f.gzip, 0);
    const jsRaw = assets.js.reduce((s, f) => s + f.raw, 0);
    // Every script the browser requested on /: none may be outside what landing.html references
    // and its own lazy chunks; the app's entry (app-*.js) must never appear.
    const requested = (representative.audits['network-requests']?.details?.items ?? [])
      .filter((it) => it.resourceType === 'Script' && it.url)
      .map((it) => new URL(it.url!).pathname);
    const appCode = requested.filter((p) => /\/assets\/app-[\w-]+\.js$/.test(p));

    const missed = [
      ...rows.flatMap((r) => (r.path === '/' ? r.scores.map((s, i) => (s < TARGET ? `${CATEGORIES[i]} ${s} on /` : null)).filter((x): x is string => !!x) : [])),
      ...(kb(jsGzip) > JS_BUDGET_KB ? [`landing JS ${kb(jsGzip)} KB gzip > ${JS_BUDGET_KB} KB`] : []),
      ...(appCode.length ? [`app code loaded on /: ${appCode.join(', ')}`] : []),
    ];

    const md = [
      `# Marketing site budgets (bench/landing.ts)`,
      '',
      `Run ${new Date().toISOString()} · Node ${process.version} · ${chromiumVersion} · Lighthouse 12.8.2, mobile preset (simulated slow 4G, 4× CPU slowdown) · / median of ${RUNS} runs, other views 1 run.`,
      '',
      `| path | ${CATEGORIES.join(' | ')} |`,
      `|---|${CATEGORIES.map(() => '---:').join('|')}|`,
      ...rows.map((r) => `| ${r.path} | ${r.scores.join(' | ')} |`),
      '',
      `Target: each ≥ ${TARGET} on /.`,
      '',
      `**Landing JS ${kb(jsGzip)} KB gzip of ${JS_BUDGET_KB} KB budget** (${kb(jsRaw)} KB raw, ${assets.js.length} files referenced by landing.html; served brotli-compressed, smaller still). CSS ${kb(assets.css.gzip)} KB gzip (${kb(assets.css.raw)} KB raw).`,
      '',
      '| file | raw KB | gzip KB |',
      '|---|---:|---:|',
      ...assets.js.map((f) => `| ${f.file} | ${kb(f.raw)} | ${kb(f.gzip)} |`),
      '',
      `Scripts requested on /: ${requested.length} (${requested.filter((p) => !assets.referenced.has(p)).length} lazy chunks not in landing.html); app code (app-*.js) requested: ${appCode.length ? appCode.join(', ') : 'none'}.`,
      '',
      `Metrics of the median / run: ${metrics.join(' · ')}.`,
      '',
      weak.length ? `Audits below 0.9 on /: ${weak.join('; ')}.` : 'No weighted audit below 0.9 on /.',
      '',
      missed.length ? missed.map((m) => `BUDGET MISSED: ${m}`).join('\n') : 'All budgets met.',
      '',
    ].join('\n');
    writeFileSync(path.join(ROOT, 'bench/results/landing.md'), md);
    console.log(`\n${md}`);
    for (const m of missed) console.log(`BUDGET MISSED: ${m}`);
  } finally {
    await chrome.kill();
    server.kill('SIGTERM');
  }
}

await main();
