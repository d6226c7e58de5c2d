/**
 * The marketing site's budgets (issue 4): Lighthouse (npm, 12.x for Node 20) driving Debian Chromium
 * with its default mobile preset (Moto G Power-class viewport, simulated slow 4G, 4× CPU slowdown).
 *
 *   - Scores: performance, accessibility, best practices and SEO on / (median of BENCH_RUNS runs,
 *     default 3) and on /features, /about, /pricing and /contact (one run each). Target: each ≥ 95 on /.
 *   - Landing JavaScript: every <script type="module" src> and <link rel="modulepreload" href> of the
 *     HTML served at /, fetched and gzipped (level 9), against the 100 KB budget; CSS reported apart.
 *   - No app code: every script Chromium requested on each path (Lighthouse's network-requests audit)
 *     must be referenced by landing.html; one that is not is listed, and one that the signed-in app's
 *     page (dist/web/index.html) references, or its app-*.js entry, is a missed budget.
 *
 *   npm run build && node --import tsx bench/landing.ts      # or: npm run bench:landing
 *
 * Lighthouse is installed on demand into bench/lighthouse/ (its own package.json and lock file, not a
 * dependency of the app). Starts the real server (in-memory PGlite, NODE_ENV=production) on
 * BENCH_PORT (default 3295) and Chromium from CHROMIUM_PATH (default /usr/bin/chromium). Prints the
 * results and writes them to bench/results/landing.md; a missed budget prints a "BUDGET MISSED: …"
 * line but the exit code stays 0. Lighthouse's simulated throttling makes the numbers mostly
 * independent of this machine (2 cores), but expect ±2 points of performance between runs.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = path.resolve(import.meta.dirname, '..');
const LH_DIR = path.join(ROOT, 'bench/lighthouse');
const PORT = Number(process.env.BENCH_PORT ?? 3295);
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const VIEWS = ['/features', '/about', '/pricing', '/contact'];
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];
const TARGET = 95;
const JS_BUDGET_KB = 100;

/** The parts of a Lighthouse result (LHR) read here. */
interface LhrNode {
  snippet?: string;
  selector?: string;
  nodeLabel?: string;
}
interface LhrItem {
  url?: string;
  resourceType?: string;
  transferSize?: number;
  node?: LhrNode;
  subItems?: { items?: { node?: LhrNode }[] };
}
interface Audit {
  title: string;
  score: number | null;
  scoreDisplayMode?: string;
  numericValue?: number;
  displayValue?: string;
  details?: { items?: LhrItem[] };
}
interface Lhr {
  lighthouseVersion: string;
  environment?: { hostUserAgent?: string };
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, Audit>;
}
type LighthouseFn = (url: string, flags: Record<string, unknown>) => Promise<{ lhr: Lhr } | undefined>;
interface ChromeLauncher {
  launch: (opts: { chromePath: string; chromeFlags: string[] }) => Promise<{ port: number; kill: () => Promise<void> | void }>;
}
interface Asset {
  file: string;
  raw: number;
  gzip: number;
}

const kb = (n: number) => (n / 1024).toFixed(1);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const score = (lhr: Lhr, c: string) => Math.round((lhr.categories[c]?.score ?? 0) * 100);

function ensureLighthouse(): void {
  if (existsSync(path.join(LH_DIR, 'node_modules/lighthouse/package.json'))) return;
  console.log('Installing Lighthouse into bench/lighthouse …');
  execFileSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: LH_DIR, stdio: 'inherit', env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' } });
}

async function startServer(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: 'memory://', LOG_LEVEL: 'warn', NODE_ENV: 'production', SMS_SIMULATOR: 'force' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode} (port ${PORT} in use?)`);
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

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** Script and stylesheet URLs (paths) an HTML page references. */
function referencedAssets(html: string): { js: string[]; css: string[] } {
  const js: string[] = [];
  const css: string[] = [];
  const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    if (tag.startsWith('<script') && attr(tag, 'type') === 'module' && attr(tag, 'src')) js.push(attr(tag, 'src')!);
    else if (tag.startsWith('<link') && attr(tag, 'rel') === 'modulepreload' && attr(tag, 'href')) js.push(attr(tag, 'href')!);
    else if (tag.startsWith('<link') && attr(tag, 'rel') === 'stylesheet' && attr(tag, 'href')) css.push(attr(tag, 'href')!);
  }
  const local = (u: string) => new URL(u, BASE).pathname;
  return { js: [...new Set(js.map(local))], css: [...new Set(css.map(local))] };
}

async function measure(files: string[]): Promise<Asset[]> {
  const out: Asset[] = [];
  for (const file of files) {
    const res = await fetch(`${BASE}${file}`);
    if (!res.ok) throw new Error(`GET ${file}: ${res.status}`);
    const body = Buffer.from(await res.arrayBuffer());
    out.push({ file, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
  }
  return out;
}

/** Weighted audits that scored below 1 (they cost points), with up to 5 elements Lighthouse names. */
function costingAudits(lhr: Lhr): string[] {
  return CATEGORIES.flatMap((c) =>
    (lhr.categories[c]?.auditRefs ?? [])
      .filter((r) => r.weight > 0 && lhr.audits[r.id]?.score !== null && (lhr.audits[r.id]?.score ?? 1) < 1)
      .map((r) => {
        const a = lhr.audits[r.id]!;
        const nodes = (a.details?.items ?? [])
          .flatMap((it) => [it.node, ...(it.subItems?.items ?? []).map((s) => s.node)])
          .filter((n): n is LhrNode => !!n)
          .map((n) => `${n.selector ?? ''} ${n.snippet ?? n.nodeLabel ?? ''}`.trim());
        const shown = [...new Set(nodes)].slice(0, 5).map((n) => `\`${n.replaceAll('`', "'")}\``);
        return `${c}: ${r.id} "${a.title}" score ${a.score}${a.displayValue ? ` (${a.displayValue})` : ''}${shown.length ? ` — ${shown.join(', ')}` : ''}`;
      }),
  );
}

/** Scripts (paths) Chromium requested while Lighthouse loaded the page. */
function requestedScripts(lhr: Lhr): string[] {
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  return [...new Set(items.filter((it) => it.resourceType === 'Script' && it.url?.startsWith(BASE)).map((it) => new URL(it.url!).pathname))];
}

async function main() {
  const landingHtml = path.join(ROOT, 'dist/web/landing.html');
  if (!existsSync(landingHtml)) {
    console.error('dist/web/landing.html is missing: run `npm run build` first.');
    process.exit(1);
  }
  ensureLighthouse();
  const lhModules = path.join(LH_DIR, 'node_modules');
  const lighthouse = (await import(pathToFileURL(path.join(lhModules, 'lighthouse/core/index.js')).href)).default as LighthouseFn;
  const launcher = (await import(pathToFileURL(path.join(lhModules, 'chrome-launcher/dist/index.js')).href)) as ChromeLauncher;
  const lighthouseVersion = (JSON.parse(readFileSync(path.join(lhModules, 'lighthouse/package.json'), 'utf8')) as { version: string }).version;
  let chromiumVersion = 'Chromium (version unknown)';
  try {
    chromiumVersion = execFileSync(CHROME, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    /* keep unknown */
  }
  // Scripts of the signed-in app's page; any of them on / means app code loaded there.
  const appScripts = existsSync(path.join(ROOT, 'dist/web/index.html')) ? referencedAssets(readFileSync(path.join(ROOT, 'dist/web/index.html'), 'utf8')).js : [];

  const server = await startServer();
  const chrome = await launcher.launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS });
  try {
    const audit = async (url: string) => {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      return result.lhr;
    };
    const line = (lhr: Lhr) => CATEGORIES.map((c) => `${c} ${score(lhr, c)}`).join(', ');

    const runs: Record<string, Lhr[]> = { '/': [] };
    for (let i = 0; i < RUNS; i++) {
      runs['/']!.push(await audit(`${BASE}/`));
      console.log(`/ run ${i + 1}/${RUNS}: ${line(runs['/']![i]!)}`);
    }
    for (const p of VIEWS) {
      runs[p] = [await audit(`${BASE}${p}`)];
      console.log(`${p}: ${line(runs[p]![0]!)}`);
    }
    const home = runs['/']!;
    const medianPerf = median(home.map((l) => score(l, 'performance')));
    const representative = home.find((l) => score(l, 'performance') === medianPerf)!;
    const rows = Object.entries(runs).map(([p, lhrs]) => ({ path: p, scores: CATEGORIES.map((c) => median(lhrs.map((l) => score(l, c)))) }));

    const served = referencedAssets(await (await fetch(`${BASE}/`)).text());
    const js = await measure(served.js);
    const css = await measure(served.css);
    const sum = (xs: Asset[], k: 'raw' | 'gzip') => xs.reduce((s, f) => s + f[k], 0);
    const jsGzip = sum(js, 'gzip');

    // Every script requested on any path, and those landing.html does not reference.
    const referenced = new Set(served.js);
    const appOnly = new Set(appScripts.filter((f) => !referenced.has(f)));
    const requested = new Map<string, Set<string>>();
    for (const [p, lhrs] of Object.entries(runs))
      for (const s of lhrs.flatMap(requestedScripts)) requested.set(s, (requested.get(s) ?? new Set()).add(p));
    const unreferenced = [...requested.keys()].filter((s) => !referenced.has(s));
    const appCode = unreferenced.filter((s) => appOnly.has(s) || /\/assets\/(app|index)-[\w-]+\.js$/.test(s));
    const transferred = (representative.audits['network-requests']?.details?.items ?? []).filter((it) => it.resourceType === 'Script').reduce((s, it) => s + (it.transferSize ?? 0), 0);

    const metrics = METRICS.map((id) => `${representative.audits[id]?.title ?? id}: ${representative.audits[id]?.displayValue ?? '–'}`);
    const costing = costingAudits(representative);
    const costingViews = VIEWS.flatMap((p) => costingAudits(runs[p]![0]!).filter((a) => !a.startsWith('performance')).map((a) => `${p} ${a}`));

    const missed = [
      ...CATEGORIES.map((c, i) => ({ c, s: rows[0]!.scores[i]! })).filter(({ s }) => s < TARGET).map(({ c, s }) => `${c} ${s} on / (target ${TARGET})`),
      ...(jsGzip / 1024 > JS_BUDGET_KB ? [`landing JS ${kb(jsGzip)} KB gzip > ${JS_BUDGET_KB} KB`] : []),
      ...appCode.map((s) => `app code loaded: ${s} on ${[...requested.get(s)!].join(', ')}`),
    ];

    const md = [
      '# Marketing site budgets (bench/landing.ts)',
      '',
      `Run ${new Date().toISOString()} · Node ${process.version} · ${chromiumVersion} · Lighthouse ${lighthouseVersion} (npm), default mobile preset (simulated slow 4G, 4× CPU slowdown) · / median of ${RUNS} runs, other views 1 run each.`,
      '',
      `| path | ${CATEGORIES.join(' | ')} |`,
      `|---|${CATEGORIES.map(() => '---:').join('|')}|`,
      `| target on / | ${CATEGORIES.map(() => `≥ ${TARGET}`).join(' | ')} |`,
      ...rows.map((r) => `| ${r.path} | ${r.scores.join(' | ')} |`),
      '',
      `/ runs: ${home.map((l) => CATEGORIES.map((c) => score(l, c)).join('/')).join(', ')}.`,
      '',
      `Metrics of the median / run (performance ${medianPerf}): ${metrics.join(' · ')}.`,
      '',
      `**landing JS ${kb(jsGzip)} KB gzip of ${JS_BUDGET_KB} KB budget** (${kb(sum(js, 'raw'))} KB raw, ${js.length} files referenced by the HTML served at /; ${kb(transferred)} KB actually transferred, brotli). CSS ${kb(sum(css, 'gzip'))} KB gzip (${kb(sum(css, 'raw'))} KB raw, ${css.length} file${css.length === 1 ? '' : 's'}).`,
      '',
      '| file | raw KB | gzip KB |',
      '|---|---:|---:|',
      ...js.map((f) => `| ${f.file} | ${kb(f.raw)} | ${kb(f.gzip)} |`),
      `| **JS total** | ${kb(sum(js, 'raw'))} | ${kb(jsGzip)} |`,
      ...css.map((f) => `| ${f.file} | ${kb(f.raw)} | ${kb(f.gzip)} |`),
      '',
      `Scripts requested on /, ${VIEWS.join(', ')}: ${requested.size}; not referenced by landing.html: ${unreferenced.length ? unreferenced.map((s) => `${s} (on ${[...requested.get(s)!].join(', ')})`).join(', ') : 'none'}; the signed-in app's code: ${appCode.length ? appCode.join(', ') : 'none'}.`,
      '',
      costing.length ? `Audits that cost points on / (median run):\n\n${costing.map((a) => `- ${a}`).join('\n')}` : 'No weighted audit below 1 on / (median run).',
      '',
      ...(costingViews.length ? [`Accessibility, best-practices and SEO audits below 1 on the other views:\n\n${costingViews.map((a) => `- ${a}`).join('\n')}`, ''] : []),
      missed.length ? missed.map((m) => `BUDGET MISSED: ${m}`).join('\n') : 'All budgets met.',
      '',
    ].join('\n');
    writeFileSync(path.join(ROOT, 'bench/results/landing.md'), md);
    console.log(`\n${md}`);
  } finally {
    await chrome.kill();
    await stopServer(server);
  }
}

await main();
