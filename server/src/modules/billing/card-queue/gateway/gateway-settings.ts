import type { Config } from '../../../../platform/config';
import type { Db } from '../../../../platform/database';
import type { Secrets } from '../../../../platform/secrets';
import { paymentParameters } from '../../../system/settings.tables';
import { type CardGateway, createStripeGateway, type GatewaySettings } from './stripe-gateway';

/** The simulator accepts any test key; a real Stripe account needs its secret key in the payment parameters. */
export const SIMULATOR_SECRET_KEY = 'sk_test_tidyhouse';

/**
 * The gateway as configured: the base URL from the environment (GATEWAY_URL, default the local
 * simulator), the account id and API access key from the payment vendor parameters (the key is
 * stored encrypted).
 */
export async function gatewaySettings(db: Db, secrets: Secrets, config: Config): Promise<GatewaySettings> {
  const [row] = await db
    .select({ accountId: paymentParameters.accountId, key: paymentParameters.apiAccessKeyEncrypted })
    .from(paymentParameters)
    .limit(1);
  let secretKey = SIMULATOR_SECRET_KEY;
  if (row?.key) {
    try {
      secretKey = secrets.decrypt(row.key);
    } catch {
      // Stored under another SECRET_KEY: the simulator still works; Stripe would refuse the test key.
    }
  }
  return { baseUrl: config.gatewayUrl, secretKey, accountId: row?.accountId ?? '' };
}

export async function gatewayFor(deps: { db: Db; secrets: Secrets; config: Config }): Promise<CardGateway> {
  return createStripeGateway(await gatewaySettings(deps.db, deps.secrets, deps.config));
}
