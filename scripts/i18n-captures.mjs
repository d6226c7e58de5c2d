// Finds catalogue strings read once when a module loads (issue 36 §1, decision 0031): a top-level
// `const LABELS = { a: m.x }` keeps the language of that moment, so a screen in Kiswahili would show
// English. Reading a table itself (`const m = messages.settings`, `feesMessages`) is fine: tables answer
// in the current language on every read. Wrap such constants in perLocale(() => …) or read the
// strings where they are shown. Zod schemas are left out: their messages are put in the reader's
// language where errors are shown (translateEnglish). Prints `file:line text` per capture.
// Run: node --import tsx scripts/i18n-captures.mjs (it loads the message modules to tell tables from strings).
import ts from 'typescript';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MESSAGE_MODULE = /(^|\/)messages(\/[\w-]+)?(\.js)?$|@shared\/messages/;
// Validation contracts are left out: a schema's message is put in the reader's language where it is shown.
const SKIP = /src\/shared\/messages|src\/shared\/i18n\/|src\/shared\/contracts\/|\.test\.tsx?$|\/test-support\//;

export async function findCaptures(files) {
  const found = [];
  for (const file of files) {
    if (SKIP.test(file)) continue;
    const text = readFileSync(file, 'utf8');
    if (!/messages/i.test(text)) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    // Local name → the message module's export it stands for: [module, export, ...path].
    const roots = new Map();
    for (const st of source.statements) {
      if (!ts.isImportDeclaration(st) || !MESSAGE_MODULE.test(st.moduleSpecifier.text)) continue;
      const modulePath = resolveModule(file, st.moduleSpecifier.text);
      const named = st.importClause?.namedBindings;
      if (named && ts.isNamedImports(named)) {
        for (const el of named.elements) roots.set(el.name.text, [modulePath, (el.propertyName ?? el.name).text]);
      } else if (named && ts.isNamespaceImport(named)) roots.set(named.name.text, [modulePath]);
    }
    // Local aliases at top level: const m = messages.settings → m stands for that table.
    for (const st of source.statements) {
      if (!ts.isVariableStatement(st)) continue;
      for (const d of st.declarationList.declarations) {
        if (!ts.isIdentifier(d.name) || !d.initializer) continue;
        const chain = chainOf(d.initializer);
        if (chain && roots.has(chain[0]) && (await isTable(roots, chain))) roots.set(d.name.text, [...roots.get(chain[0]), ...chain.slice(1)]);
      }
    }
    if (roots.size === 0) continue;
    const candidates = [];
    for (const st of source.statements) {
      if (!ts.isVariableStatement(st)) continue;
      for (const d of st.declarationList.declarations) {
        if (!d.initializer) continue;
        visit(d.initializer, (node, chain) => candidates.push({ node, chain }));
      }
    }
    for (const { node, chain } of candidates) {
      if (await isTable(roots, chain)) continue;
      const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      found.push(`${file}:${line} ${node.getText().slice(0, 80)}`);
    }
    function visit(node, report) {
      if (ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isMethodDeclaration(node) || ts.isGetAccessor(node) || ts.isClassExpression(node)) return;
      if (ts.isCallExpression(node)) {
        const callee = chainOf(node.expression);
        if (callee && (callee[0] === 'perLocale' || callee[0] === 'localized')) return;
        if (rootOf(node) === 'z') return;
      }
      if (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) {
        const chain = chainOf(node);
        if (chain && roots.has(chain[0])) {
          report(node, chain);
          return;
        }
      }
      ts.forEachChild(node, (child) => visit(child, report));
    }
  }
  return found;
}

/** The identifier a call chain starts from: `z.string(x).trim().refine(f, m)` → 'z'. */
function rootOf(node) {
  while (ts.isCallExpression(node) || ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node) || ts.isNonNullExpression(node)) node = node.expression;
  return ts.isIdentifier(node) ? node.text : null;
}

/** `a.b.c` → ['a','b','c']; `a.b[0]` → ['a','b','[]']; anything else null. */
function chainOf(node) {
  if (ts.isIdentifier(node)) return [node.text];
  if (ts.isPropertyAccessExpression(node)) {
    const inner = chainOf(node.expression);
    return inner ? [...inner, node.name.text] : null;
  }
  if (ts.isElementAccessExpression(node)) {
    const inner = chainOf(node.expression);
    return inner ? [...inner, '[]'] : null;
  }
  if (ts.isNonNullExpression(node) || ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) return chainOf(node.expression);
  return null;
}

const loaded = new Map();

/** Does the chain stop at a table (an object, which answers in the current language on each read)? */
async function isTable(roots, chain) {
  const [modulePath, ...path] = roots.get(chain[0]);
  if (!loaded.has(modulePath)) loaded.set(modulePath, await import(modulePath));
  let value = loaded.get(modulePath);
  for (const key of [...path, ...chain.slice(1)]) {
    if (key === '[]' || value === undefined || value === null) return false;
    value = value[key];
  }
  return typeof value === 'object' && value !== null;
}

/** '@shared/messages', '../../shared/messages/fees.js' → an absolute .ts path. */
function resolveModule(file, specifier) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const base = specifier.startsWith('@shared/') ? join(root, 'src/shared', specifier.slice(8)) : join(dirname(join(root, file)), specifier);
  const noExt = base.replace(/\.js$/, '');
  return existsSync(`${noExt}.ts`) ? `${noExt}.ts` : join(noExt, 'index.ts');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const files = sourceFiles('src');
  const found = await findCaptures(files);
  for (const f of found) console.log(f);
  console.log(`${found.length} capture(s)`);
  process.exit(found.length ? 1 : 0);
}

/** Every .ts/.tsx file under `dir`. */
export function sourceFiles(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
    .map((e) => `${e.parentPath ?? e.path}/${e.name}`)
    .sort();
}
