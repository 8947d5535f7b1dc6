/**
 * Work orders (shell §6: the notice for users outside the online edition points to a work-order page; the spec gives
 * the page no fields, so the ticket is kept simple): title, category, description and a contact, checked the same
 * way in the form and on the reference server.
 */
import type { Bounds } from './common.js';
import { isBlank, validateLength } from './common.js';
import { isEmail } from './email.js';
import { issue, onField, type FieldIssue } from './types.js';

/** Ticket categories: a package question (what a plan notice opens), technical, billing, other. */
export const WORK_ORDER_CATEGORIES = ['plan', 'technical', 'billing', 'other'] as const;
/** A ticket category. */
export type WorkOrderCategory = (typeof WORK_ORDER_CATEGORIES)[number];
/** Title length. */
export const WORK_ORDER_TITLE_LENGTH: Bounds = { min: 4, max: 64 };
/** Description length. */
export const WORK_ORDER_DESCRIPTION_LENGTH: Bounds = { min: 10, max: 2000 };

const PHONE = /^\+?[0-9][0-9 -]{5,19}$/;

/** A ticket as typed. */
export interface WorkOrderInput {
  title: string;
  category: string;
  description: string;
  contact: string;
}

/** Every issue of a ticket form, on its fields. */
export function validateWorkOrder(input: WorkOrderInput): FieldIssue[] {
  const contact = input.contact.trim();
  return [
    ...onField('title', isBlank(input.title) ? issue('common.required') : validateLength(input.title, WORK_ORDER_TITLE_LENGTH)),
    ...onField('category', (WORK_ORDER_CATEGORIES as readonly string[]).includes(input.category) ? null : issue('common.required')),
    ...onField('description', isBlank(input.description) ? issue('common.required') : validateLength(input.description, WORK_ORDER_DESCRIPTION_LENGTH)),
    ...onField('contact', contact === '' ? issue('common.required') : isEmail(contact) || PHONE.test(contact) ? null : issue('plans.contact-format')),
  ];
}
