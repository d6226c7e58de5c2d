/**
 * A fast reader for the plain XML that FET writes (issue 16 §3: importing a school must not cost more
 * than generating its timetable). It builds exactly the object fast-xml-parser builds with the options
 * import.ts uses (ignoreAttributes false, attributeNamePrefix '@_', parseTagValue false,
 * parseAttributeValue false, trimValues true, processEntities false): an element with only text is its
 * trimmed text ('' when empty), attributes are '@_name' keys, a repeated child becomes an array, comments
 * are dropped, the declaration is the '?xml' key.
 *
 * It is a fast path only: anything outside that plain subset (CDATA, DOCTYPE, processing instructions
 * other than the declaration, mixed text and elements, a bad '&', unbalanced tags, a '>' inside an
 * attribute value, text outside the root) makes it return null, and the caller falls back to
 * fast-xml-parser with its validator, which gives the exact error message for a broken file.
 */

type XmlNode = Record<string, unknown>;

interface Frame {
  name: string;
  obj: XmlNode;
  text: string;
  children: boolean;
  attrs: boolean;
}

const NAME = /^[A-Za-z_][\w.:-]*$/;
const ATTR = /\s*([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/y;
const BAD_AMP = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9A-Fa-f]+);)/;

/** Attributes of a start tag's text after its name into `obj` ('@_' keys); false when not plain. */
function readAttrs(rest: string, obj: XmlNode): boolean | null {
  let any = false;
  ATTR.lastIndex = 0;
  let at = 0;
  while (at < rest.length) {
    if (rest.slice(at).trim() === '') break;
    ATTR.lastIndex = at;
    const m = ATTR.exec(rest);
    if (!m) return null;
    const key = `@_${m[1]}`;
    if (key in obj) return null;
    const value = m[2] ?? m[3] ?? '';
    if (BAD_AMP.test(value)) return null;
    obj[key] = value;
    any = true;
    at = ATTR.lastIndex;
  }
  return any;
}

/** Adds a finished element's value to its parent, turning a repeated name into an array. */
function attach(parent: Frame, name: string, value: unknown) {
  parent.children = true;
  const prev = parent.obj[name];
  if (prev === undefined) parent.obj[name] = value;
  else if (Array.isArray(prev)) prev.push(value);
  else parent.obj[name] = [prev, value];
}

/** Parses `text`; null when it is not the plain XML this reader handles (see the file comment). */
export function readPlainXml(text: string): XmlNode | null {
  const doc: XmlNode = {};
  const root: Frame = { name: '', obj: doc, text: '', children: false, attrs: false };
  const stack: Frame[] = [root];
  let roots = 0;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const lt = text.indexOf('<', i);
    const end = lt < 0 ? n : lt;
    const top = stack[stack.length - 1];
    if (end > i) {
      const chunk = text.slice(i, end);
      if (top === root) {
        if (chunk.trim() !== '') return null;
      } else top.text += chunk;
    }
    if (lt < 0) break;
    const c = text.charCodeAt(lt + 1);
    if (c === 33) {
      // "<!": only comments are plain.
      if (!text.startsWith('<!--', lt)) return null;
      const close = text.indexOf('-->', lt + 4);
      if (close < 0) return null;
      i = close + 3;
      continue;
    }
    const gt = text.indexOf('>', lt);
    if (gt < 0) return null;
    if (c === 63) {
      // "<?": only the declaration, before anything else.
      if (lt !== text.search(/\S/) || !text.startsWith('<?xml', lt) || text.charCodeAt(gt - 1) !== 63) return null;
      const decl: XmlNode = {};
      if (readAttrs(text.slice(lt + 5, gt - 1), decl) === null) return null;
      doc['?xml'] = decl;
      i = gt + 1;
      continue;
    }
    if (c === 47) {
      const name = text.slice(lt + 2, gt).trim();
      if (stack.length < 2 || name !== top.name) return null;
      stack.pop();
      const value = finish(top);
      if (value === null) return null;
      attach(stack[stack.length - 1], name, value);
      i = gt + 1;
      continue;
    }
    let inner = text.slice(lt + 1, gt);
    // A quote left open means a '>' inside an attribute value: not plain.
    if ((inner.split('"').length - 1) % 2 || (inner.split("'").length - 1) % 2) return null;
    const selfClosing = inner.endsWith('/');
    if (selfClosing) inner = inner.slice(0, -1);
    const space = inner.search(/\s/);
    const name = space < 0 ? inner : inner.slice(0, space);
    if (!NAME.test(name)) return null;
    if (top === root && ++roots > 1) return null;
    const frame: Frame = { name, obj: {}, text: '', children: false, attrs: false };
    if (space >= 0) {
      const attrs = readAttrs(inner.slice(space), frame.obj);
      if (attrs === null) return null;
      frame.attrs = attrs;
    }
    if (selfClosing) {
      const value = finish(frame);
      if (value === null) return null;
      attach(top, name, value);
    } else stack.push(frame);
    i = gt + 1;
  }
  if (stack.length !== 1 || roots !== 1) return null;
  return doc;
}

/** The value of a closed element as fast-xml-parser gives it; null for mixed content. */
function finish(frame: Frame): unknown {
  const text = frame.text.trim();
  if (text !== '' && BAD_AMP.test(text)) return null;
  if (frame.children) return text === '' ? frame.obj : null;
  if (!frame.attrs) return text;
  if (text !== '') frame.obj['#text'] = text;
  return frame.obj;
}
