/**
 * The platform calls of shell §7 the console makes on start and in pickers: OEM branding, member console info, the
 * time zone, region data, plans and plan actions, the domain picker list, and the embedded app-login check.
 */
import type { FastifyInstance } from 'fastify';
import { APP_LOGIN_REQUIRED_CODE, APP_LOGIN_UNAVAILABLE_CODE, PERMISSION_DENIED_CODE } from '../../../../core/api/catalogue.js';
import type { EditionFlag } from '../../../../core/api/endpoints/auth.js';
import { CHILD_ACCOUNT_TYPE } from '../../../../core/api/endpoints/auth.js';
import type {
  AppLoginUnavailableData,
  CallerGrantsAnswer,
  ModuleGrant,
  ConsoleApp,
  DomainListItem,
  MemberConsoleInfo,
  OemConfigAnswer,
  PlanActionsAnswer,
  PlansAnswer,
  SwitchStatus,
  TimeZoneAnswer,
  VersionGrayStatus,
} from '../../../../core/api/endpoints/platform.js';
import { PERMISSION_MODULES } from '../../../../core/api/endpoints/platform.js';
import { checkedModulesSettings } from '../../../../core/rules/oem.js';
import { prepare } from '../../platform/database.js';
import { domainUsage, livePlans, planActionsOf, toPlanInfo, type PlanInfoRow } from '../plans/index.js';
import { fail, ok, validated } from '../../platform/http/envelope.js';
import { requestLanguage } from '../../platform/http/messages.js';
import { readPage } from '../../platform/http/pagination.js';
import { readTimeZone } from './payloads.js';
import { regionData } from './regions.js';
import { recordOperation } from '../../platform/oplog.js';
import { permissions } from '../../platform/security/permissions.js';
import { scope, scopeFor } from '../../platform/security/scope.js';
import { findSession, requireSession } from '../../platform/security/session.js';

/** Child accounts see only account security, cloud-speed and cloud-resolving (shell §4). */
const CHILD_APPS: readonly ConsoleApp[] = ['cloud-speed', 'cloud-resolving'];
/** The default OEM row; a row for the request's host name takes precedence. */
const DEFAULT_OEM_HOST = '*';

interface OemRow {
  title: string;
  favicon: string;
  logo: string;
  logo_console: string;
  modules_settings: string;
}

interface ConsoleInfoRow {
  version_gray_status: VersionGrayStatus;
  subacl_status: SwitchStatus;
  condition_source_view: SwitchStatus;
  ban_status: SwitchStatus;
}

function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S{1,256})$/i.exec(header ?? '');
  return match ? match[1] : null;
}

/** Registers the routes (under /api). */
export async function platformRoutes(api: FastifyInstance): Promise<void> {
  api.get('/oem/cfg', { config: { public: true } }, async (request, reply) => {
    // Partners reach the console under their own host name; '*' is the deployment-wide branding.
    const row = prepare(
      api.db,
      `SELECT title, favicon, logo, logo_console, modules_settings FROM oem_config
        WHERE host IN (?, '${DEFAULT_OEM_HOST}') ORDER BY host = '${DEFAULT_OEM_HOST}' LIMIT 1`,
    ).get(request.hostname.toLowerCase()) as OemRow | undefined;
    const answer: OemConfigAnswer = {
      oem: row
        ? {
            assets: { favicon: row.favicon, logo: row.logo, logoConsole: row.logo_console },
            title: row.title,
            // A row written around saveOemConfig (by hand, an older server) answers only settings that pass the rules.
            modulesSettings: checkedModulesSettings(JSON.parse(row.modules_settings)) as Record<string, Record<string, unknown>>,
          }
        : null,
    };
    return ok(reply, answer);
  });

  api.get('/V4/member.set.info.console', async (request, reply) => {
    const row = scope(request).get<ConsoleInfoRow>('member_console_info');
    const answer: MemberConsoleInfo = {
      version_gray: { status: row?.version_gray_status ?? 'normal' },
      subacl: { status: row?.subacl_status ?? 'off' },
      condition_source: { condition_source_view: row?.condition_source_view ?? 'off' },
      ban: { status: row?.ban_status ?? 'off' },
    };
    return ok(reply, answer);
  });

  api.post('/sso/V4/timezone', async (request, reply) => {
    const { value, issues } = readTimeZone(request.body);
    if (!validated(reply, issues)) return reply;
    const session = requireSession(request);
    const tenant = scope(request);
    const user = tenant.get<{ timezone: string }>('users', { columns: 'timezone', where: 'id = @id', params: { id: session.userId } });
    api.db.transaction(() => {
      // The console posts its zone on every start: a session already in it is not rewritten.
      tenant.update('sessions', { timezone: value.timezone }, 'token_hash = @token AND timezone IS NOT @next_timezone', { token: session.tokenHash, next_timezone: value.timezone });
      // The user's last zone is kept too (log times are shown in it); the log records only real changes, since the
      // console posts the zone on every start.
      if (user && user.timezone !== value.timezone) {
        tenant.update('users', { timezone: value.timezone }, 'id = @id', { id: session.userId });
        recordOperation(request, {
          area: 'account',
          action: 'update-timezone',
          objectId: session.userId,
          objectLabel: session.operator,
          before: { timezone: user.timezone },
          after: { timezone: value.timezone },
        });
      }
    })();
    const answer: TimeZoneAnswer = { timezone: value.timezone };
    return ok(reply, answer);
  });

  api.get('/V4/share_data.region', { config: { public: true } }, async (request, reply) => {
    return ok(reply, regionData(requestLanguage(request)));
  });

  api.get('/V4/member.product.plan', async (request, reply) => {
    const tenant = scope(request);
    // The plan and its limits are the account's own and every member reads them (they decide what a page offers).
    const used = domainUsage(request, tenant);
    const answer: PlansAnswer = { plans: tenant.all<PlanInfoRow>('plans', { orderBy: 'id' }).map((row) => toPlanInfo(row, used)) };
    return ok(reply, answer);
  });

  api.get('/V4/member.plan.actions', async (request, reply) => {
    // Only plans that have not expired unlock anything; with several, the newest live plan decides.
    const answer: PlanActionsAnswer = planActionsOf(livePlans(scope(request), api.now()));
    return ok(reply, answer);
  });

  api.get('/V4/permission.get.grants', async (request, reply) => {
    const caller = permissions(request);
    const answer: CallerGrantsAnswer = {
      grants: PERMISSION_MODULES.map((module) => caller.grant(module)).filter((grant): grant is ModuleGrant => grant !== null),
    };
    return ok(reply, answer);
  });

  api.get('/V4/cloudsafe.hwws.domain.list', async (request, reply) => {
    const { page, issues } = readPage(request.query);
    if (!validated(reply, issues)) return reply;
    const access = permissions(request);
    if (!access.can('domain', 'read')) return fail(reply, PERMISSION_DENIED_CODE);
    const visible = access.visible('domain');
    const search = ((request.query as Record<string, unknown>).domain ?? '').toString().trim().toLowerCase();
    const where = search ? `(${visible.where}) AND instr(lower(domain), @search) > 0` : visible.where;
    const answer = scope(request).page<DomainListItem>('domains', page, {
      columns: 'domain, id AS domain_id',
      where,
      params: search ? { ...visible.params, search } : visible.params,
      orderBy: 'id',
    });
    return ok(reply, answer);
  });

  // The embedded app-login check (shell §4): the portal's token comes as a bearer token; the console's own client
  // can only send x-token, so that is accepted too. Public, because a missing session must answer 44, not 16149.
  api.get('/dashboard-api/account/user/appLogin', { config: { public: true } }, async (request, reply) => {
    const token = bearerToken(request.headers.authorization);
    const session = token ? findSession(api.db, token, api.now()) : request.session;
    if (!session) return fail(reply, APP_LOGIN_REQUIRED_CODE);
    const app = String((request.query as Record<string, unknown>).app ?? '');
    const open = scopeFor(api.db, session.memberId).get('member_apps', { columns: '1', where: 'app = @app', params: { app } });
    const childAllowed = session.accountType !== CHILD_ACCOUNT_TYPE || (CHILD_APPS as readonly string[]).includes(app);
    if (!open || !childAllowed) {
      const member = prepare(api.db, 'SELECT flag FROM members WHERE id = ?').get(session.memberId) as { flag: EditionFlag };
      const data: AppLoginUnavailableData = { flag: member.flag };
      return fail(reply, APP_LOGIN_UNAVAILABLE_CODE, { data });
    }
    return ok(reply, null);
  });
}
