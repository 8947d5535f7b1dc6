/**
 * The demo host entry (dist/console.js). It decides the run mode (shell §1) and registers `<ec-console>`, which
 * index.html places on the page; each route's element is imported when the route is first visited (elements.ts).
 */
import { detectRunMode, runMode } from '../../core/config/run-mode.js';
import { pageLanguage } from '../../core/i18n/language.js';
import { defineConsole } from './console-app.js';

runMode.value = detectRunMode();
document.documentElement.lang = pageLanguage.value === 'zh_CN' ? 'zh-CN' : 'en';
// Page-level rules live in a constructed sheet: the CSP allows no inline style attributes in index.html.
const pageSheet = new CSSStyleSheet();
// Notices start below the 48 px header (shell §1), which stays on screen (issue 19: toasts never cover it).
pageSheet.replaceSync('html, body { margin: 0; } :root { --ec-notice-offset-top: 64px; }');
document.adoptedStyleSheets = [...document.adoptedStyleSheets, pageSheet];
defineConsole();
