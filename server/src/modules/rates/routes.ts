import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EXCHANGE_RATES_PATH,
  exchangeRatesAnswer,
  exchangeRatesQuery,
  payoutRateUsable,
  type ExchangeRatesAnswer,
} from '@pc/core';
import { latestRates } from '../../money/exchange-rates.ts';
import { loadProduct } from '../../money/product.ts';

/** GET /payouts/rates: the last known USD→RUB (CBR) and USD→UAH (NBU) rates with their dates (decision 0100). */
export async function ratesRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { database, clock } = app.ctx;

  app.get(
    EXCHANGE_RATES_PATH,
    {
      preHandler: app.requireUser,
      schema: { tags: ['payouts'], querystring: exchangeRatesQuery, response: { 200: exchangeRatesAnswer } },
    },
    async (): Promise<ExchangeRatesAnswer> => {
      const product = await loadProduct(database.db);
      return {
        rates: (await latestRates(database)).map((r) => ({
          currency: r.currency,
          rate: r.rate,
          date: r.date,
          source: r.source,
          fetched_at: r.fetchedAt.toISOString(),
          quotes_payouts: payoutRateUsable(r.date, clock.now(), product),
        })),
      };
    },
  );
}
