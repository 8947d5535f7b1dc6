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

/** Rewrites the Lara theme for a shadow root; exported for tests. */
export function adaptThemeCss(css: string): string {
  return css
    .replace(FONT_FACE, '')
    .replace(/:root\b/g, ':host')
    // The hover shade first: the primary's new fallback is the same hex and must not be rewritten again.
    .replace(/#2563eb/gi, `var(--ec-color-primary-strong, ${DEFAULT_PRIMARY_STRONG})`)
    .replace(/#3b82f6/gi, `var(--ec-color-primary, ${DEFAULT_PRIMARY})`)
    .replace(/"Inter var", sans-serif/g, 'var(--ec-font-family, system-ui, -apple-system, "Segoe UI", "PingFang SC", "Microsoft YaHei", sans-serif)');
}

let sharedSheets: CSSStyleSheet[] | undefined;

/** A constructed stylesheet from CSS text. */
export function sheetFrom(css: string): CSSStyleSheet {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  return sheet;
}

/** The constructed stylesheets every element adopts, built once per page. */
export function elementStyleSheets(): CSSStyleSheet[] {
  sharedSheets ??= [sheetFrom(adaptThemeCss(themeCss)), sheetFrom(iconsCss.replace(FONT_FACE, '')), sheetFrom(elementCss)];
  return sharedSheets;
}

let iconFontDeclared = false;

/** Declares the primeicons font once in the document: @font-face is ignored inside shadow roots. */
export function declareIconFont(doc: Document = document): void {
  if (iconFontDeclared) return;
  iconFontDeclared = true;
  const sheet = sheetFrom(
    `@font-face { font-family: 'primeicons'; font-display: block; font-weight: normal; font-style: normal; src: url('${iconFont}') format('woff2'); }`,
  );
  doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
}

/** Adopts the shared sheets into a shadow root, keeping any the root already has. */
export function adoptElementStyles(root: ShadowRoot): void {
  const shared = elementStyleSheets();
  const existing = root.adoptedStyleSheets.filter((sheet) => !shared.includes(sheet));
  root.adoptedStyleSheets = [...shared, ...existing];
  declareIconFont(root.ownerDocument);
}
