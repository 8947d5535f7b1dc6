/**
 * Element attributes by one typed schema (DESIGN §2): each element declares its attributes with these builders in its
 * own `attributes.ts`; the factory parses them with `parseAttribute`, and elements/custom-elements-manifest.mjs
 * writes custom-elements.json from the same objects, so the manifest cannot drift from the code.
 *
 * A bad value is never replaced by a default in silence: the element warns in the console (naming the attribute and
 * the allowed values), sends `ec-error` and shows the default meanwhile. Removing an attribute, or setting its
 * property to null, restores the default.
 */

interface SpecBase<Kind extends string, Value> {
  kind: Kind;
  /** Used when the attribute is absent, removed or null. */
  default: Value;
  /** One sentence for the manifest and the README. */
  description: string;
}

export type StringSpec = SpecBase<'string', string | undefined>;
export type EnumSpec<Value extends string = string> = SpecBase<'enum', Value> & { values: readonly Value[] };
export type NumberSpec = SpecBase<'number', number | undefined> & {
  /** Allowed values when the number is one of a list (page sizes). */
  values?: readonly number[];
  min?: number;
  max?: number;
  integer?: boolean;
};
export type BooleanSpec = SpecBase<'boolean', boolean>;
export type JsonSpec = SpecBase<'json', unknown> & { typeText: string };
export type AttributeSpec = StringSpec | EnumSpec | NumberSpec | BooleanSpec | JsonSpec;

/** An element's attributes, by camelCase property name (the attribute is its kebab-case form). */
export type AttributeSchema = Record<string, AttributeSpec>;

/** Builders, so a schema reads as a table. */
export const attr = {
  string: (description: string, fallback?: string): StringSpec => ({ kind: 'string', default: fallback, description }),
  enum: <const Values extends readonly string[]>(values: Values, fallback: Values[number], description: string): EnumSpec<Values[number]> => ({
    kind: 'enum',
    values,
    default: fallback,
    description,
  }),
  number: (description: string, options: { default?: number; values?: readonly number[]; min?: number; max?: number; integer?: boolean } = {}): NumberSpec => ({
    kind: 'number',
    default: options.default,
    values: options.values,
    min: options.min,
    max: options.max,
    integer: options.integer ?? true,
    description,
  }),
  boolean: (description: string, fallback = false): BooleanSpec => ({ kind: 'boolean', default: fallback, description }),
  json: (typeText: string, description: string, fallback?: unknown): JsonSpec => ({ kind: 'json', typeText, default: fallback, description }),
};

/** camelCase property -> kebab-case attribute. */
export function attributeName(property: string): string {
  return property.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/** The allowed values of a spec, as the warning and the manifest write them. */
export function allowedText(spec: AttributeSpec): string {
  switch (spec.kind) {
    case 'enum':
      return spec.values.map((value) => `"${value}"`).join(' | ');
    case 'number':
      if (spec.values) return spec.values.join(' | ');
      return [spec.integer ? 'an integer' : 'a number', spec.min !== undefined ? `>= ${spec.min}` : '', spec.max !== undefined ? `<= ${spec.max}` : '']
        .filter(Boolean)
        .join(' ');
    case 'boolean':
      return '"true" | "false"';
    case 'json':
      return `JSON: ${spec.typeText}`;
    default:
      return 'any text';
  }
}

/** The TypeScript type of a spec's value, for the manifest and the JSX typings. */
export function typeText(spec: AttributeSpec): string {
  switch (spec.kind) {
    case 'enum':
      return spec.values.map((value) => `'${value}'`).join(' | ');
    case 'number':
      return spec.values ? spec.values.join(' | ') : 'number';
    case 'boolean':
      return 'boolean';
    case 'json':
      return spec.typeText;
    default:
      return 'string';
  }
}

/** The outcome of reading one attribute or property value. */
export type ParsedAttribute = { ok: true; value: unknown } | { ok: false; value: unknown; allowed: string };

/**
 * Reads a value as the element received it: an attribute's text, or a property's value of any type. Absent
 * (null/undefined) gives the default. Invalid gives the default too, with `ok: false` so the caller reports it.
 */
export function parseAttribute(spec: AttributeSpec, raw: unknown): ParsedAttribute {
  if (raw === null || raw === undefined) return { ok: true, value: spec.default };
  const invalid = (): ParsedAttribute => ({ ok: false, value: spec.default, allowed: allowedText(spec) });
  switch (spec.kind) {
    case 'string':
      return { ok: true, value: String(raw) };
    case 'enum':
      return spec.values.includes(String(raw)) ? { ok: true, value: String(raw) } : invalid();
    case 'boolean': {
      if (typeof raw === 'boolean') return { ok: true, value: raw };
      const text = String(raw).trim().toLowerCase();
      if (text === 'true') return { ok: true, value: true };
      if (text === 'false') return { ok: true, value: false };
      return invalid();
    }
    case 'number': {
      const text = typeof raw === 'number' ? String(raw) : String(raw).trim();
      if (!/^-?\d+(\.\d+)?$/.test(text)) return invalid();
      const value = Number(text);
      if (spec.integer && !Number.isInteger(value)) return invalid();
      if (spec.values && !spec.values.includes(value)) return invalid();
      if ((spec.min !== undefined && value < spec.min) || (spec.max !== undefined && value > spec.max)) return invalid();
      return { ok: true, value };
    }
    case 'json': {
      if (typeof raw !== 'string') return { ok: true, value: raw };
      try {
        return { ok: true, value: JSON.parse(raw) };
      } catch {
        return invalid();
      }
    }
  }
}

/** The attributes every element has (DESIGN §2). */
export const COMMON_ATTRIBUTES = {
  apiBase: attr.string('API base URL (shell §7 `{host}/api`); another origin needs that server to allow this page (CORS).', '/api'),
  lang: attr.string(
    'Display language `zh-CN` or `en-US` (also `zh_CN`/`en_US`); without it, the page\'s `<html lang>`, then the stored console language. Changing it re-renders the element.',
  ),
  // Default `none`: DESIGN §2 names only hash and history, but an element on a page that chose neither must not lead
  // its reader to `/console/...` paths the page may not have (the stricter reading of "a guest never navigates").
  routeMode: attr.enum(
    ['hash', 'history', 'none'],
    'none',
    'How the links the element shows route: `hash` (`#/path`) or `history` (`/console/path`) make them real links (a plain click still sends the cancelable `ec-navigate` first; a host that routes calls preventDefault()); `none`: buttons that only send `ec-navigate`.',
  ),
} satisfies AttributeSchema;

/** The property type of one spec. */
export type AttributeValue<Spec> = Spec extends EnumSpec<infer Value>
  ? Value
  : Spec extends NumberSpec
    ? number
    : Spec extends BooleanSpec
      ? boolean
      : Spec extends JsonSpec
        ? unknown
        : string;

/**
 * An element as the page's code sees it (`HTMLElementTagNameMap`): its attributes as properties (null or undefined
 * restores the default), the common ones, and the write-only session token.
 */
export type EcElementOf<Schema extends AttributeSchema> = HTMLElement & {
  -readonly [Name in keyof Schema | keyof typeof COMMON_ATTRIBUTES]?:
    | (Name extends keyof Schema ? AttributeValue<Schema[Name]> : Name extends keyof typeof COMMON_ATTRIBUTES ? AttributeValue<(typeof COMMON_ATTRIBUTES)[Name]> : never)
    | null;
} & { token: string | null };
