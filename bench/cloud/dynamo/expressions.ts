/**
 * DynamoDB's expression language on plain documents (what the document client reads and writes):
 * condition, key condition, filter, update and projection expressions, with `#names` and
 * `:values` resolved as the request gives them ("Condition and filter expressions, operators, and
 * functions in DynamoDB", "Update expressions", "Projection expressions"). The subset is the one
 * the application's stores use — paths with `.map` and `[index]` steps; = <> < <= > >=, BETWEEN,
 * IN, AND/OR/NOT; attribute_exists, attribute_not_exists, attribute_type, begins_with, contains,
 * size; SET (with +, -, if_not_exists, list_append), REMOVE, ADD, DELETE — and an expression outside
 * it is refused by name, never guessed at.
 */

export type Doc = Record<string, unknown>;

/** Thrown for an expression DynamoDB would refuse (the SDK's ValidationException). */
export class ExpressionError extends Error {
  override readonly name = 'ValidationException';
}

type Token = { kind: 'word' | 'name' | 'value' | 'number' | 'op'; text: string };

const KEYWORDS = new Set(['AND', 'OR', 'NOT', 'BETWEEN', 'IN', 'SET', 'REMOVE', 'ADD', 'DELETE']);

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  const re = /\s*(?:(#[\w]+)|(:[\w]+)|(\d+)|([A-Za-z_][\w]*)|(<>|<=|>=|[=<>(),.[\]+-]))/y;
  let at = 0;
  while (at < source.length) {
    if (/^\s*$/.test(source.slice(at))) break;
    re.lastIndex = at;
    const m = re.exec(source);
    if (!m) throw new ExpressionError(`Invalid expression: unexpected text at "${source.slice(at, at + 20)}"`);
    at = re.lastIndex;
    if (m[1]) tokens.push({ kind: 'name', text: m[1] });
    else if (m[2]) tokens.push({ kind: 'value', text: m[2] });
    else if (m[3]) tokens.push({ kind: 'number', text: m[3] });
    else if (m[4]) tokens.push({ kind: 'word', text: m[4] });
    else tokens.push({ kind: 'op', text: m[5]! });
  }
  return tokens;
}

/** A path step: an attribute or map key, or a list index. */
export type Step = string | number;

type Operand =
  | { kind: 'path'; path: Step[] }
  | { kind: 'value'; value: unknown }
  | { kind: 'call'; fn: string; args: Operand[] }
  | { kind: 'arith'; op: '+' | '-'; left: Operand; right: Operand };

type Condition =
  | { kind: 'and' | 'or'; left: Condition; right: Condition }
  | { kind: 'not'; inner: Condition }
  | { kind: 'compare'; op: string; left: Operand; right: Operand }
  | { kind: 'between'; subject: Operand; low: Operand; high: Operand }
  | { kind: 'in'; subject: Operand; options: Operand[] }
  | { kind: 'call'; fn: string; args: Operand[] };

export interface Names {
  names?: Record<string, string>;
  values?: Record<string, unknown>;
}

class Parser {
  private i = 0;
  /** Which #names and :values were used (DynamoDB refuses unused ones). */
  readonly usedNames = new Set<string>();
  readonly usedValues = new Set<string>();

  constructor(
    private readonly tokens: Token[],
    private readonly refs: Names,
  ) {}

  get done(): boolean {
    return this.i >= this.tokens.length;
  }

  peek(): Token | undefined {
    return this.tokens[this.i];
  }

  private next(): Token {
    const t = this.tokens[this.i++];
    if (!t) throw new ExpressionError('Invalid expression: it ends too soon');
    return t;
  }

  isWord(word: string): boolean {
    const t = this.peek();
    return t?.kind === 'word' && t.text.toUpperCase() === word;
  }

  isOp(op: string): boolean {
    const t = this.peek();
    return t?.kind === 'op' && t.text === op;
  }

  expectOp(op: string): void {
    const t = this.next();
    if (t.kind !== 'op' || t.text !== op) throw new ExpressionError(`Invalid expression: expected "${op}", found "${t.text}"`);
  }

  expectWord(word: string): void {
    const t = this.next();
    if (t.kind !== 'word' || t.text.toUpperCase() !== word)
      throw new ExpressionError(`Invalid expression: expected ${word}, found "${t.text}"`);
  }

  private name(t: Token): string {
    if (t.kind === 'name') {
      const resolved = this.refs.names?.[t.text];
      if (resolved === undefined)
        throw new ExpressionError(`An expression attribute name used in the document path is not defined: ${t.text}`);
      this.usedNames.add(t.text);
      return resolved;
    }
    if (t.kind === 'word' && !KEYWORDS.has(t.text.toUpperCase())) return t.text;
    throw new ExpressionError(`Invalid expression: "${t.text}" is not an attribute name`);
  }

  path(): Step[] {
    const steps: Step[] = [this.name(this.next())];
    for (;;) {
      if (this.isOp('.')) {
        this.next();
        steps.push(this.name(this.next()));
      } else if (this.isOp('[')) {
        this.next();
        const n = this.next();
        if (n.kind !== 'number') throw new ExpressionError('Invalid expression: a list index must be a number');
        steps.push(Number(n.text));
        this.expectOp(']');
      } else return steps;
    }
  }

  operand(): Operand {
    const t = this.peek();
    if (!t) throw new ExpressionError('Invalid expression: it ends too soon');
    if (t.kind === 'value') {
      this.next();
      if (!(t.text in (this.refs.values ?? {})))
        throw new ExpressionError(`An expression attribute value used in expression is not defined: ${t.text}`);
      this.usedValues.add(t.text);
      return { kind: 'value', value: this.refs.values![t.text] };
    }
    if (t.kind === 'word' && this.tokens[this.i + 1]?.text === '(' && !KEYWORDS.has(t.text.toUpperCase())) {
      this.next();
      this.expectOp('(');
      const args: Operand[] = [];
      if (!this.isOp(')')) {
        args.push(this.operand());
        while (this.isOp(',')) {
          this.next();
          args.push(this.operand());
        }
      }
      this.expectOp(')');
      return { kind: 'call', fn: t.text, args };
    }
    return { kind: 'path', path: this.path() };
  }

  /** A SET's right-hand side: an operand, or two joined by + or -. */
  setValue(): Operand {
    const left = this.operand();
    if (this.isOp('+') || this.isOp('-')) {
      const op = this.next().text as '+' | '-';
      return { kind: 'arith', op, left, right: this.operand() };
    }
    return left;
  }

  condition(): Condition {
    let left = this.conjunction();
    while (this.isWord('OR')) {
      this.next();
      left = { kind: 'or', left, right: this.conjunction() };
    }
    return left;
  }

  private conjunction(): Condition {
    let left = this.negation();
    while (this.isWord('AND')) {
      this.next();
      left = { kind: 'and', left, right: this.negation() };
    }
    return left;
  }

  private negation(): Condition {
    if (this.isWord('NOT')) {
      this.next();
      return { kind: 'not', inner: this.negation() };
    }
    if (this.isOp('(')) {
      this.next();
      const inner = this.condition();
      this.expectOp(')');
      return inner;
    }
    const subject = this.operand();
    if (subject.kind === 'call' && !this.isComparison()) return { kind: 'call', fn: subject.fn, args: subject.args };
    if (this.isWord('BETWEEN')) {
      this.next();
      const low = this.operand();
      this.expectWord('AND');
      return { kind: 'between', subject, low, high: this.operand() };
    }
    if (this.isWord('IN')) {
      this.next();
      this.expectOp('(');
      const options = [this.operand()];
      while (this.isOp(',')) {
        this.next();
        options.push(this.operand());
      }
      this.expectOp(')');
      return { kind: 'in', subject, options };
    }
    const op = this.next();
    if (op.kind !== 'op' || !['=', '<>', '<', '<=', '>', '>='].includes(op.text))
      throw new ExpressionError(`Invalid expression: expected a comparison, found "${op.text}"`);
    return { kind: 'compare', op: op.text, left: subject, right: this.operand() };
  }

  private isComparison(): boolean {
    const t = this.peek();
    return (t?.kind === 'op' && ['=', '<>', '<', '<=', '>', '>='].includes(t.text)) || this.isWord('BETWEEN') || this.isWord('IN');
  }
}

// --- reading values -------------------------------------------------------------------------

function read(doc: Doc | undefined, path: Step[]): unknown {
  let at: unknown = doc;
  for (const step of path) {
    if (at === undefined || at === null) return undefined;
    if (typeof step === 'number') at = Array.isArray(at) ? at[step] : undefined;
    else at = typeof at === 'object' && !Array.isArray(at) && !(at instanceof Set) && !isBinary(at) ? (at as Doc)[step] : undefined;
  }
  return at;
}

const isBinary = (v: unknown): v is Uint8Array => v instanceof Uint8Array;

function value(doc: Doc | undefined, operand: Operand): unknown {
  switch (operand.kind) {
    case 'value':
      return operand.value;
    case 'path':
      return read(doc, operand.path);
    case 'arith': {
      const [l, r] = [value(doc, operand.left), value(doc, operand.right)];
      if (typeof l !== 'number' || typeof r !== 'number')
        throw new ExpressionError('An operand in the update expression has an incorrect data type');
      return operand.op === '+' ? l + r : l - r;
    }
    case 'call':
      return call(doc, operand.fn, operand.args);
  }
}

function call(doc: Doc | undefined, fn: string, args: Operand[]): unknown {
  switch (fn) {
    case 'size': {
      const v = value(doc, args[0]!);
      if (typeof v === 'string') return Buffer.byteLength(v);
      if (isBinary(v)) return v.length;
      if (Array.isArray(v)) return v.length;
      if (v instanceof Set) return v.size;
      if (v && typeof v === 'object') return Object.keys(v).length;
      return undefined;
    }
    case 'if_not_exists': {
      const existing = args[0]!.kind === 'path' ? read(doc, (args[0] as { path: Step[] }).path) : undefined;
      return existing !== undefined ? existing : value(doc, args[1]!);
    }
    case 'list_append': {
      const [a, b] = [value(doc, args[0]!), value(doc, args[1]!)];
      if (!Array.isArray(a) || !Array.isArray(b)) throw new ExpressionError('list_append takes two lists');
      return [...a, ...b];
    }
    default:
      return test(doc, fn, args);
  }
}

/** DynamoDB orders strings and binaries by their bytes, numbers by value; other types do not compare. */
function compare(a: unknown, b: unknown): number | null {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return Buffer.compare(Buffer.from(a), Buffer.from(b));
  if (isBinary(a) && isBinary(b)) return Buffer.compare(Buffer.from(a), Buffer.from(b));
  return null;
}

function equal(a: unknown, b: unknown): boolean {
  if (a === undefined || b === undefined) return false;
  if (a instanceof Set && b instanceof Set) return a.size === b.size && [...a].every((x) => b.has(x));
  if (isBinary(a) && isBinary(b)) return Buffer.compare(Buffer.from(a), Buffer.from(b)) === 0;
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) return JSON.stringify(a) === JSON.stringify(b);
  return a === b;
}

function test(doc: Doc | undefined, fn: string, args: Operand[]): boolean {
  const pathOf = (o: Operand) => {
    if (o.kind !== 'path') throw new ExpressionError(`${fn} takes an attribute path`);
    return o.path;
  };
  switch (fn) {
    case 'attribute_exists':
      return read(doc, pathOf(args[0]!)) !== undefined;
    case 'attribute_not_exists':
      return read(doc, pathOf(args[0]!)) === undefined;
    case 'begins_with': {
      const [v, prefix] = [value(doc, args[0]!), value(doc, args[1]!)];
      return typeof v === 'string' && typeof prefix === 'string' && v.startsWith(prefix);
    }
    case 'contains': {
      const [v, part] = [value(doc, args[0]!), value(doc, args[1]!)];
      if (typeof v === 'string') return typeof part === 'string' && v.includes(part);
      if (v instanceof Set) return v.has(part);
      if (Array.isArray(v)) return v.some((x) => equal(x, part));
      return false;
    }
    case 'attribute_type': {
      const [v, type] = [read(doc, pathOf(args[0]!)), value(doc, args[1]!)];
      return v !== undefined && typeOf(v) === type;
    }
    default:
      throw new ExpressionError(`Invalid function name; function: ${fn}`);
  }
}

function typeOf(v: unknown): string {
  if (typeof v === 'string') return 'S';
  if (typeof v === 'number') return 'N';
  if (typeof v === 'boolean') return 'BOOL';
  if (v === null) return 'NULL';
  if (isBinary(v)) return 'B';
  if (Array.isArray(v)) return 'L';
  if (v instanceof Set) return typeof [...v][0] === 'number' ? 'NS' : 'SS';
  return 'M';
}

function holds(doc: Doc | undefined, c: Condition): boolean {
  switch (c.kind) {
    case 'and':
      return holds(doc, c.left) && holds(doc, c.right);
    case 'or':
      return holds(doc, c.left) || holds(doc, c.right);
    case 'not':
      return !holds(doc, c.inner);
    case 'call':
      return test(doc, c.fn, c.args);
    case 'between': {
      const [v, lo, hi] = [value(doc, c.subject), value(doc, c.low), value(doc, c.high)];
      const a = compare(v, lo);
      const b = compare(v, hi);
      return a !== null && b !== null && a >= 0 && b <= 0;
    }
    case 'in': {
      const v = value(doc, c.subject);
      return c.options.some((o) => equal(v, value(doc, o)));
    }
    case 'compare': {
      const [l, r] = [value(doc, c.left), value(doc, c.right)];
      if (c.op === '=') return equal(l, r);
      if (c.op === '<>') return l !== undefined && r !== undefined && !equal(l, r);
      const order = compare(l, r);
      if (order === null) return false;
      return c.op === '<' ? order < 0 : c.op === '<=' ? order <= 0 : c.op === '>' ? order > 0 : order >= 0;
    }
  }
}

// --- compiled expressions -------------------------------------------------------------------

/** Every #name and :value given must be used (as DynamoDB requires). */
function checkAllUsed(refs: Names, parsers: Parser[]): void {
  for (const n of Object.keys(refs.names ?? {}))
    if (!parsers.some((p) => p.usedNames.has(n)))
      throw new ExpressionError(`Value provided in ExpressionAttributeNames unused in expressions: keys: {${n}}`);
  for (const v of Object.keys(refs.values ?? {}))
    if (!parsers.some((p) => p.usedValues.has(v)))
      throw new ExpressionError(`Value provided in ExpressionAttributeValues unused in expressions: keys: {${v}}`);
}

export interface Compiled {
  condition?: (doc: Doc | undefined) => boolean;
  update?: (doc: Doc | undefined) => Doc;
  /** The top-level attributes the update names (what UPDATED_OLD / UPDATED_NEW return). */
  touched?: string[];
  project?: (doc: Doc) => Doc;
}

/** Parse a request's expressions together (they share the names and values, each of which must be used). */
export function compile(expressions: { condition?: string; update?: string; projection?: string }, refs: Names): Compiled {
  const parsers: Parser[] = [];
  const out = compileParts(expressions, refs, parsers);
  checkAllUsed(refs, parsers);
  return out;
}

/** The expressions compiled, each one's parser added to `parsers` (for the check that every name and value was used). */
function compileParts(expressions: { condition?: string; update?: string; projection?: string }, refs: Names, parsers: Parser[]): Compiled {
  const out: Compiled = {};
  if (expressions.condition !== undefined) {
    const p = new Parser(tokenize(expressions.condition), refs);
    const c = p.condition();
    if (!p.done) throw new ExpressionError(`Invalid ConditionExpression: unexpected "${p.peek()!.text}"`);
    parsers.push(p);
    out.condition = (doc) => holds(doc, c);
  }
  if (expressions.update !== undefined) {
    const p = new Parser(tokenize(expressions.update), refs);
    const actions = parseUpdate(p);
    parsers.push(p);
    out.update = (doc) => applyUpdate(doc, actions);
    out.touched = [...new Set(actions.map((a) => String(a.path[0])))];
  }
  if (expressions.projection !== undefined) {
    const p = new Parser(tokenize(expressions.projection), refs);
    const paths = [p.path()];
    while (p.isOp(',')) {
      p.expectOp(',');
      paths.push(p.path());
    }
    if (!p.done) throw new ExpressionError('Invalid ProjectionExpression');
    parsers.push(p);
    out.project = (doc) => project(doc, paths);
  }
  return out;
}

/** A key condition: the partition key's value, and a test of the sort key (if any). */
export interface KeyCondition {
  partition: unknown;
  sortTest: (sk: unknown) => boolean;
}

/** Compile a Query's key condition (with its filter and projection, sharing names and values). */
export function compileQuery(
  expressions: { key: string; filter?: string; projection?: string },
  refs: Names,
  keys: { partition: string; sort: string },
): { key: KeyCondition; filter?: (doc: Doc) => boolean; project?: (doc: Doc) => Doc } {
  const p = new Parser(tokenize(expressions.key), refs);
  const c = p.condition();
  if (!p.done) throw new ExpressionError('Invalid KeyConditionExpression');
  const parts: Condition[] = [];
  const flatten = (x: Condition): void => {
    if (x.kind === 'and') {
      flatten(x.left);
      flatten(x.right);
    } else parts.push(x);
  };
  flatten(c);
  let partition: unknown;
  let sortTest: (sk: unknown) => boolean = () => true;
  const attr = (o: Operand) => (o.kind === 'path' && o.path.length === 1 ? o.path[0] : undefined);
  for (const part of parts) {
    if (part.kind === 'compare' && part.op === '=' && attr(part.left) === keys.partition) partition = value(undefined, part.right);
    else if (part.kind === 'call' && part.fn === 'begins_with' && attr(part.args[0]!) === keys.sort) {
      const prefix = value(undefined, part.args[1]!);
      sortTest = (sk) => typeof sk === 'string' && typeof prefix === 'string' && sk.startsWith(prefix);
    } else if (
      (part.kind === 'compare' || part.kind === 'between') &&
      attr(part.kind === 'compare' ? part.left : part.subject) === keys.sort
    )
      sortTest = (sk) => holds({ [keys.sort]: sk }, part);
    else throw new ExpressionError('Query key condition not supported');
  }
  if (partition === undefined) throw new ExpressionError('Query condition missed key schema element: the partition key');
  // The filter and projection share the key condition's names and values; all must be used by one of them.
  const parsers = [p];
  const rest = compileParts({ condition: expressions.filter, projection: expressions.projection }, refs, parsers);
  checkAllUsed(refs, parsers);
  return {
    key: { partition, sortTest },
    ...(rest.condition ? { filter: rest.condition } : {}),
    ...(rest.project ? { project: rest.project } : {}),
  };
}

// --- updates --------------------------------------------------------------------------------

type Action =
  | { kind: 'SET'; path: Step[]; value: Operand }
  | { kind: 'REMOVE'; path: Step[] }
  | { kind: 'ADD' | 'DELETE'; path: Step[]; value: Operand };

function parseUpdate(p: Parser): Action[] {
  const actions: Action[] = [];
  const seen = new Set<string>();
  while (!p.done) {
    const t = p.peek()!;
    const clause = t.kind === 'word' ? t.text.toUpperCase() : '';
    if (!['SET', 'REMOVE', 'ADD', 'DELETE'].includes(clause)) throw new ExpressionError(`Invalid UpdateExpression: unexpected "${t.text}"`);
    if (seen.has(clause)) throw new ExpressionError(`Invalid UpdateExpression: The "${clause}" section can only be used once`);
    seen.add(clause);
    p.expectWord(clause);
    do {
      if (p.isOp(',')) p.expectOp(',');
      const path = p.path();
      if (clause === 'SET') {
        p.expectOp('=');
        actions.push({ kind: 'SET', path, value: p.setValue() });
      } else if (clause === 'REMOVE') actions.push({ kind: 'REMOVE', path });
      else actions.push({ kind: clause as 'ADD' | 'DELETE', path, value: p.operand() });
    } while (p.isOp(','));
  }
  // Two actions on one path, or on a path and its parent, are refused.
  const paths = actions.map((a) => a.path.join('\u0000'));
  for (const [i, a] of paths.entries())
    for (const b of paths.slice(i + 1))
      if (a === b || a.startsWith(`${b}\u0000`) || b.startsWith(`${a}\u0000`))
        throw new ExpressionError('Invalid UpdateExpression: Two document paths overlap with each other');
  return actions;
}

function applyUpdate(before: Doc | undefined, actions: Action[]): Doc {
  const doc: Doc = structuredClone(before ?? {});
  // Every value is read from the item as it was before the update (as DynamoDB does).
  const values = actions.map((a) => (a.kind === 'REMOVE' ? undefined : value(before, a.value)));
  const removals: Step[][] = [];
  actions.forEach((a, i) => {
    const v = values[i];
    if (a.kind === 'SET') write(doc, a.path, structuredClone(v));
    else if (a.kind === 'REMOVE') removals.push(a.path);
    else if (a.kind === 'ADD') {
      const old = read(doc, a.path);
      if (typeof v === 'number') {
        if (old !== undefined && typeof old !== 'number')
          throw new ExpressionError('An operand in the update expression has an incorrect data type');
        write(doc, a.path, ((old as number | undefined) ?? 0) + v);
      } else if (v instanceof Set) {
        if (old !== undefined && !(old instanceof Set))
          throw new ExpressionError('An operand in the update expression has an incorrect data type');
        write(doc, a.path, new Set([...((old as Set<unknown> | undefined) ?? []), ...v]));
      } else throw new ExpressionError('ADD takes a number or a set');
    } else {
      const old = read(doc, a.path);
      if (!(v instanceof Set)) throw new ExpressionError('DELETE takes a set');
      if (old instanceof Set) {
        const left = new Set([...old].filter((x) => !v.has(x)));
        if (left.size) write(doc, a.path, left);
        else removals.push(a.path);
      }
    }
  });
  // List removals from the last index first, so earlier indexes stay put.
  removals.sort((a, b) => Number(b.at(-1)) - Number(a.at(-1)) || 0);
  for (const path of removals) remove(doc, path);
  return doc;
}

function parentOf(doc: Doc, path: Step[]): unknown {
  return read(doc, path.slice(0, -1));
}

function write(doc: Doc, path: Step[], v: unknown): void {
  const parent = path.length === 1 ? doc : parentOf(doc, path);
  const last = path.at(-1)!;
  if (parent === undefined || parent === null || typeof parent !== 'object')
    throw new ExpressionError('The document path provided in the update expression is invalid for update');
  if (typeof last === 'number') {
    if (!Array.isArray(parent)) throw new ExpressionError('The document path provided in the update expression is invalid for update');
    if (last >= parent.length) parent.push(v);
    else parent[last] = v;
  } else (parent as Doc)[last] = v;
}

function remove(doc: Doc, path: Step[]): void {
  const parent = path.length === 1 ? doc : parentOf(doc, path);
  const last = path.at(-1)!;
  if (typeof last === 'number') {
    if (Array.isArray(parent) && last < parent.length) parent.splice(last, 1);
  } else if (parent && typeof parent === 'object' && !Array.isArray(parent)) delete (parent as Doc)[last];
}

function project(doc: Doc, paths: Step[][]): Doc {
  const out: Doc = {};
  for (const path of paths) {
    const v = read(doc, path);
    if (v === undefined) continue;
    // Nested paths keep their shape ({a: {b: v}}); list steps become the element alone.
    let at = out;
    for (const [i, step] of path.entries()) {
      if (i === path.length - 1 || typeof path[i + 1] === 'number') {
        at[String(step)] = structuredClone(v);
        break;
      }
      at[String(step)] ??= {};
      at = at[String(step)] as Doc;
    }
  }
  return out;
}
