/**
 * The application directory under /developer/apps (spec 4.12, 4.13): a user reads only the
 * applications it created; an admin reads all of them.
 */
import type { FastifyInstance } from 'fastify';
import type {
  AppSecretDto,
  Application,
  BrandingDto,
  ListedApplication,
} from '../../../../contract/wire/types';
import type { SimulatorContext } from '../../context';
import { findAppVisibleTo, listAppsVisibleTo } from '../../data/apps/appRecords';
import type { AppRecord } from '../../data/apps/appTypes';
import { notFound } from '../errors';
import { pageFeed } from '../feed';
import { QueryReader } from '../query';
import { requestUser } from '../requestUser';

const DEFAULT_TOP = 20;
/** Largest page the directory serves (reported as MaxRows). */
const MAX_TOP = 1000;
const INLINE_COUNTS = ['AllPages', 'None'] as const;

function brandings(app: AppRecord): BrandingDto[] {
  return app.brandings.map((b) => ({ Description: b.description, Id: b.brandingId, Name: b.name }));
}

function secrets(app: AppRecord): AppSecretDto[] {
  return app.secrets.map((s) => ({
    Secret: s.secret,
    SecretId: s.secretId,
    ValidFrom: s.validFrom.toISOString(),
    ValidUntil: s.validUntil.toISOString(),
  }));
}

/** Fields shared by the single and the listed shape. */
function summary(app: AppRecord, context: SimulatorContext) {
  const authUrl = `${context.origin()}/auth`;
  return {
    AppKey: app.appKey,
    Name: app.name,
    Description: app.description,
    Flow: app.flow,
    Status: app.status,
    IsActive: app.isActive,
    IsTradingEnabled: app.isTradingEnabled,
    CreatedBy: { Name: app.createdBy.name, UserKey: app.createdBy.userKey },
    Endpoints: { AuthorizationEndpoint: `${authUrl}/authorize`, TokenEndpoint: `${authUrl}/token` },
  };
}

/** The single shape of spec 2.6: `Branding`, `RedirectUris` and `Secrets`. */
export function singleApplication(app: AppRecord, context: SimulatorContext): Application {
  const byId = new Map(brandings(app).map((b) => [b.Id, b]));
  return {
    ...summary(app, context),
    Branding: brandings(app),
    RedirectUris: app.redirectUris.map((r) => {
      const branding = r.brandingId === undefined ? undefined : byId.get(r.brandingId);
      return {
        ...(branding ? { Branding: branding } : {}),
        Description: r.description,
        RedirectUriId: r.redirectUriId,
        RedirectUriLabel: r.label,
        Uri: r.uri,
      };
    }),
    Secrets: secrets(app),
  };
}

/** The listed shape (AppWithSecretsDto): `Brandings`, order indicators, secrets only on request. */
export function listedApplication(
  app: AppRecord,
  context: SimulatorContext,
  includeSecrets: boolean,
): ListedApplication {
  return {
    ...summary(app, context),
    Brandings: brandings(app),
    ManualOrderIndicationDefault: app.manualOrderIndicationDefault,
    ManualOrderIndicator: app.manualOrderIndicator,
    ...(includeSecrets ? { Secrets: secrets(app) } : {}),
  };
}

/** Registers GET /developer/apps and /developer/apps/{AppKey} on the API scope. */
export function registerAppsRoutes(app: FastifyInstance, context: SimulatorContext): void {
  app.get('/developer/apps', async (request) => {
    const user = requestUser(request, context);
    const query = new QueryReader(request.query);
    const window = { top: query.top(DEFAULT_TOP, MAX_TOP), skip: query.skip() };
    const inlineCount = query.enumValue('$inlinecount', INLINE_COUNTS) ?? 'None';
    const includeSecrets = query.boolean('IncludeSecrets') ?? false;
    const { apps, total } = listAppsVisibleTo(context.universe.db, user, window);
    const feed = pageFeed(
      context.origin(),
      request,
      apps.map((a) => listedApplication(a, context, includeSecrets)),
      total,
      window,
      MAX_TOP,
    );
    if (inlineCount !== 'AllPages') delete feed.__count;
    return feed;
  });

  app.get<{ Params: { AppKey: string } }>('/developer/apps/:AppKey', async (request) => {
    const user = requestUser(request, context);
    const found = findAppVisibleTo(context.universe.db, user, request.params.AppKey);
    if (!found) throw notFound(`No application with AppKey "${request.params.AppKey.slice(0, 64)}".`);
    return singleApplication(found, context);
  });
}
