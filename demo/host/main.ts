/**
 * The demo host entry (dist/console.js). It decides the run mode (shell §1), imports the public element entry
 * points, as any other host page would, and registers `<ec-console>`, which index.html places on the page.
 */
import { detectRunMode, runMode } from '../../core/config/run-mode.js';
import { pageLanguage } from '../../core/i18n/language.js';
import { defineConsole } from './console-app.js';
import { HOST_ELEMENTS } from './elements.js';

runMode.value = detectRunMode();
document.documentElement.lang = pageLanguage.value === 'zh_CN' ? 'zh-CN' : 'en';
// Page-level rules live in a constructed sheet: the CSP allows no inline style attributes in index.html.
const pageSheet = new CSSStyleSheet();
pageSheet.replaceSync('html, body { margin: 0; }');
document.adoptedStyleSheets = [...document.adoptedStyleSheets, pageSheet];
void HOST_ELEMENTS;
defineConsole();
