import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../core/config/constants.js';
import { attr, type AttributeSchema } from '../../core/ui/attributes.js';

/** The attributes of `<ec-dns-jobs>`: the factory parses them with this schema, custom-elements.json is written from it. */
export const attributes = {
  view: attr.enum(['list', 'detail-list'], 'list', '`list` or the detail list of one job.'),
  jobId: attr.number('The job the detail list shows; default: the job last opened from the list, else the latest.', { min: 1 }),
  pageSize: attr.number('Rows per page (shell §9).', { default: DEFAULT_PAGE_SIZE, values: PAGE_SIZES }),
  viewState: attr.string(
    'The view to start from, as URL query text: on the list `type`, `status`, `page`, `size`; on the detail list `result`, `page`, `size`. The element reports changes with `ec-view-state`; a page that owns the address keeps it there.',
  ),
} satisfies AttributeSchema;
