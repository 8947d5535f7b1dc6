import { attr, type AttributeSchema } from '../../core/ui/attributes.js';

/** The attributes of `<ec-job-detail>`: the factory parses them with this schema, custom-elements.json is written from it. */
export const attributes = {
  jobId: attr.number('The task to show (its id in the task list).', { min: 1, integer: true }),
  type: attr.string('The task list tab the page belongs to (`cache.purge`, `cache.prefetch`, or none for batch operations); links go back to it.'),
  layout: attr.enum(['new', 'old'], 'new', 'Which menu layout\'s task routes `ec-navigate` names.'),
} satisfies AttributeSchema;
