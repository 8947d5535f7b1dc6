/**
 * PrimeReact's theme inside shadow roots (NOTES.md "PrimeReact 10 inside a shadow root"). One constructed stylesheet
 * per CSS source, shared by every element on the page: the Lara theme with `:root` rewritten to `:host` and its
 * @font-face rules removed (ignored in shadow trees), primeicons without its @font-face (declared once in the
 * document instead), and the element base CSS. The theme's primary blue is replaced by `--ec-color-primary` so OEM
 * colours reach every component, and its default is darkened because Lara's #3b82f6 fails contrast (3.68:1).
 */
import themeCss from 'primereact/resources/themes/lara-light-blue/theme.css';
import iconsCss from 'primeicons/primeicons.css';
import iconFont from 'primeicons/fonts/primeicons.woff2';
import elementCss from './element.css';

/** Default primary colour: 5.2:1 on white, passes WCAG AA for normal text. */
export const DEFAULT_PRIMARY = '#2563eb';
/** Default hover/active shade of the primary colour. */
export const DEFAULT_PRIMARY_STRONG = '#1d4ed8';

const FONT_FACE = /@font-face\s*{[^}]*}/g;

/**
 * The OEM variables (DESIGN §2) put in place of the theme's fixed values, so a partner's --ec-* settings reach every
 * PrimeReact component: Lara's primary-50 highlight, its focus ring (primary-200), component surfaces, borders and
 * corner radius.
 */
const THEME_VARIABLES: [RegExp, string][] = [
  [/#eff6ff/gi, 'var(--ec-color-primary-surface, #eff6ff)'],
  [/#bfdbfe/gi, 'var(--ec-focus-ring-color, #bfdbfe)'],
  [/background: #ffffff/gi, 'background: var(--ec-color-surface-raised, #ffffff)'],
  [/#d1d5db/gi, 'var(--ec-color-border, #d1d5db)'],
  [/border-radius: 6px/gi, 'border-radius: var(--ec-radius, 6px)'],
];

/** Rewrites the Lara theme for a shadow root; exported for tests. */
export function adaptThemeCss(css: string): string {
  let adapted = css
    .replace(FONT_FACE, '')
    .replace(/:root\b/g, ':host')
    // The hover shade first: the primary's new fallback is the same hex and must not be rewritten again.
    .replace(/#2563eb/gi, `var(--ec-color-primary-strong, ${DEFAULT_PRIMARY_STRONG})`)
    .replace(/#3b82f6/gi, `var(--ec-color-primary, ${DEFAULT_PRIMARY})`)
    .replace(/"Inter var", sans-serif/g, 'var(--ec-font-family, system-ui, -apple-system, "Segoe UI", "PingFang SC", "Microsoft YaHei", sans-serif)');
  for (const [value, variable] of THEME_VARIABLES) adapted = adapted.replace(value, variable);
  return adapted;
}

/**
 * `rem` is the page's root font size, which the page owns (`html { font-size: 20px }` would resize every element):
 * lengths in rem become multiples of `--ec-font-size` instead. Media query conditions keep rem (no var() there).
 */
export function remToElementUnits(css: string): string {
  return css.replace(/@media[^{]*\{|(-?\d*\.?\d+)rem\b/g, (match, amount: string | undefined) =>
    amount === undefined ? match : `calc(${amount} * var(--ec-font-size, 14px))`,
  );
}

let sharedSheets: CSSStyleSheet[] | undefined;
/** Every sheet this module placed, so a root's own sheets (an element's, the host's) can be told apart. */
const placedSheets = new WeakSet<CSSStyleSheet>();

/** A constructed stylesheet from CSS text. */
export function sheetFrom(css: string): CSSStyleSheet {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(remToElementUnits(css));
  return sheet;
}

/** The constructed stylesheets every element adopts, built once per page. */
export function elementStyleSheets(): CSSStyleSheet[] {
  sharedSheets ??= [sheetFrom(adaptThemeCss(themeCss)), sheetFrom(iconsCss.replace(FONT_FACE, '')), sheetFrom(elementCss)];
  for (const sheet of sharedSheets) placedSheets.add(sheet);
  return sharedSheets;
}

/*
 * PrimeReact writes component styles as <style> elements into its `styleContainer` (its base CSS per component,
 * a Dialog's breakpoints, a DataTable's column widths). A page whose CSP has no 'unsafe-inline' in style-src
 * refuses every such element. So PrimeReact is given a container that is never part of the page: its <style>
 * elements are never applied (nothing for the CSP to refuse), and their text is copied into constructed
 * stylesheets, which a CSP does not govern, adopted by every element's shadow root.
 */
let sink: HTMLElement | undefined;
const componentSheets = new Map<HTMLStyleElement, { sheet: CSSStyleSheet; text: string }>();
let componentSheetList: CSSStyleSheet[] = [];
const styledRoots = new Set<ShadowRoot>();

/** The container PrimeReact writes its <style> elements to (PrimeReactProvider `styleContainer`). */
export function primeStyleSink(doc: Document = document): HTMLElement {
  if (!sink) {
    sink = doc.createElement('div');
    new MutationObserver(copyComponentStyles).observe(sink, { childList: true, subtree: true, characterData: true });
  }
  return sink;
}

function copyComponentStyles(): void {
  const present = new Set(sink ? Array.from(sink.querySelectorAll('style')) : []);
  for (const element of componentSheets.keys()) if (!present.has(element)) componentSheets.delete(element);
  for (const element of present) {
    const text = element.textContent ?? '';
    let entry = componentSheets.get(element);
    if (!entry) {
      entry = { sheet: new CSSStyleSheet(), text: '' };
      placedSheets.add(entry.sheet);
      componentSheets.set(element, entry);
    }
    if (entry.text !== text) {
      entry.sheet.replaceSync(remToElementUnits(adaptThemeCss(text)));
      entry.text = text;
    }
  }
  componentSheetList = Array.from(componentSheets.values(), (entry) => entry.sheet);
  for (const root of styledRoots) {
    if (root.host.isConnected) placeSheets(root);
    else styledRoots.delete(root);
  }
}

/** Component styles first (as PrimeReact's own <style> elements would come first), then the theme, then the root's own. */
function placeSheets(root: ShadowRoot): void {
  const own = root.adoptedStyleSheets.filter((sheet) => !placedSheets.has(sheet));
  root.adoptedStyleSheets = [...componentSheetList, ...elementStyleSheets(), ...own];
}

let iconFontDeclared = false;

/**
 * Declares the primeicons font once in the document: @font-face is ignored inside shadow roots. The font is a file
 * of the build (never a data: URL), so a page CSP of `font-src 'self'` allows it.
 */
export function declareIconFont(doc: Document = document): void {
  if (iconFontDeclared) return;
  iconFontDeclared = true;
  const sheet = sheetFrom(
    `@font-face { font-family: 'primeicons'; font-display: block; font-weight: normal; font-style: normal; src: url('${iconFont}') format('woff2'); }`,
  );
  doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
}

/** Adopts the shared and component sheets into a shadow root, keeping its own, and keeps them current. */
export function adoptElementStyles(root: ShadowRoot): void {
  styledRoots.add(root);
  placeSheets(root);
  declareIconFont(root.ownerDocument);
}
