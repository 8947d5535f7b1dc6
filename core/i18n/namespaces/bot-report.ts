/** Registers the `bot-report` catalogue (one chunk per language): the bot report and a bot's detail page. */
import { registerCatalogue } from '../catalogues.js';

registerCatalogue('bot-report', {
  zh_CN: () => import('../locales/zh_CN/bot-report.json'),
  en_US: () => import('../locales/en_US/bot-report.json'),
});
