/** Every menu page fits the screen and passes axe in en_US (issue 19): see test/helpers/layout-check.ts. */
import { describeLayout } from '../helpers/layout-check.js';

describeLayout('en_US');
