import type { FastifyInstance } from 'fastify';
import { noticeRoutes } from './notice';
import { commonRoutes } from './common';
import { communicationRoutes } from './communication';
import { enquiryRoutes } from './enquiry';
import { fileRoutes } from './file';
import { tusRoutes } from './file/tus';
import { visitorRoutes } from './visitor';
import { homeRoutes } from './home';
import { profileRoutes } from './supplier/profile';
import { receiptRoutes } from './receipt';
import { recoveryRoutes } from './supplier/recovery';
import { sessionRoutes } from './supplier/session';
import { tenderRoutes } from './tender';
import { questionRoutes } from './tender/questions';
import { visitRoutes } from './visit';

/** The contract's routes, by area, under `/bid-web/bid-service` (the operator endpoints and OpenAPI are app.ts's). */
export async function registerRoutes(
  app: FastifyInstance,
  opts: { dataDir: string; allowedOrigins: string[]; databaseUrl?: string },
): Promise<void> {
  await app.register(noticeRoutes);
  await app.register(sessionRoutes);
  await app.register(profileRoutes);
  await app.register(recoveryRoutes);
  await app.register(commonRoutes);
  await app.register(fileRoutes);
  await app.register(tusRoutes, {
    dataDir: opts.dataDir,
    allowedOrigins: opts.allowedOrigins,
    databaseUrl: opts.databaseUrl,
  });
  await app.register(communicationRoutes);
  await app.register(tenderRoutes);
  await app.register(questionRoutes);
  await app.register(enquiryRoutes);
  await app.register(visitRoutes);
  await app.register(homeRoutes);
  await app.register(visitorRoutes);
  await app.register(receiptRoutes);
}
