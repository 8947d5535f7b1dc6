/**
 * How a generic settings group (core/settings/catalogue.ts) is read, checked and stored by the reference server. Each
 * tab's groups are defined in groups/<tab>.ts and listed once in groups/index.ts; the routes (routes.ts) do the rest
 * the same way for every group: the domain and its grant, the configuration method (only a domain-specific
 * configuration is saved in place, rules §4/§6), the plan gate (rules §6), the revision, the transaction, the
 * operation-log diff and the redeployment.
 */
import type { FastifyRequest } from 'fastify';
import type { FieldIssue } from '../../../../core/api/catalogue.js';
import type { DomainSettingsGroup } from '../../../../core/api/endpoints/domain-settings.js';
import type { PlanActionsAnswer } from '../../../../core/api/endpoints/platform.js';
import type { SettingsGroupName, SettingsGroupValues } from '../../../../core/settings/catalogue.js';
import type { Scope } from '../../platform/security/scope.js';

/** The domain a settings call names. */
export interface SettingsDomain {
  id: number;
  domain: string;
}

/** What a group definition sees of the call. */
export interface GroupContext {
  request: FastifyRequest;
  tenant: Scope;
  domain: SettingsDomain;
  now: number;
  /** The plan actions and package options in force for the account. */
  plan: PlanActionsAnswer;
}

/** What {@link SettingsGroupDefinition.parse} answers. */
export interface ParsedGroup<V> {
  value: V;
  /** Field issues named from the group's value, e.g. `origins.0.port` (the route prefixes the group name). */
  issues: FieldIssue[];
}

/** The server side of one generic group. */
export interface SettingsGroupDefinition<N extends SettingsGroupName = SettingsGroupName> {
  name: N;
  /** The value of a domain that never saved the group. */
  defaults(context: GroupContext): SettingsGroupValues[N];
  /**
   * Reads a posted value: its shape (unknown fields dropped, wrong types refused), then the shared rules of
   * core/settings (the same the browser form runs), so a request that skips the form gets the same messages.
   */
  parse(raw: unknown, context: GroupContext): ParsedGroup<SettingsGroupValues[N]>;
  /** Checks only the server can make: objects the caller may use (a certificate), other groups, plan options. */
  check?(value: SettingsGroupValues[N], context: GroupContext): FieldIssue[];
  /**
   * Storage outside the generic table (e.g. origins, which the website list also reads from `website_origins`).
   * A group with `load` must have `store`; the generic table then keeps only its revision.
   */
  load?(context: GroupContext): SettingsGroupValues[N];
  store?(value: SettingsGroupValues[N], context: GroupContext): void;
  /** Adds read-only fields to what is answered (e.g. each origin's health); never stored. */
  decorate?(value: SettingsGroupValues[N], context: GroupContext): SettingsGroupValues[N];
  /** Strips read-only fields before a value is compared and stored (the inverse of `decorate`). */
  strip?(value: SettingsGroupValues[N]): SettingsGroupValues[N];
}

/** A definition whose group name is not known statically. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnySettingsGroupDefinition = { [N in SettingsGroupName]: SettingsGroupDefinition<N> }[SettingsGroupName];

/** Runs after a transaction changed groups of a domain, generic or cache (e.g. redeploy it); must not throw. */
export type SettingsSavedListener = (context: GroupContext, saved: readonly DomainSettingsGroup[]) => void;
