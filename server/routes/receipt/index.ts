import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../../contract/endpoints';
import { route } from '../../http/route';

/** Receipts (docs/decisions/receipts.md): the keys they are signed with, and a check of one, for anyone. */
export async function receiptRoutes(app: FastifyInstance): Promise<void> {
  const { receipts } = app.services;

  route(app, 'receipt', endpoints.receiptKeys, async () => receipts.keySet);

  route(app, 'receipt', endpoints.receiptCheck, async ({ input }) => receipts.check(input.jws, input.files));
}
