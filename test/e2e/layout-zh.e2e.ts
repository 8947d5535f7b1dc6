/** Every menu page fits the screen and passes axe in zh_CN (issue 19): see test/helpers/layout-check.ts. */
import { describeLayout } from '../helpers/layout-check.js';

describeLayout('zh_CN');
