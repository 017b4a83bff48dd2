import type { FastifyInstance } from 'fastify';
import { businessRoutes } from './business';
import { commonRoutes } from './common';
import { communicationRoutes } from './communication';
import { enquiryRoutes } from './enquiry';
import { fileRoutes } from './file';
import { tusRoutes } from './file/tus';
import { h5Routes } from './h5';
import { homeRoutes } from './home';
import { profileRoutes } from './supplier/profile';
import { recoveryRoutes } from './supplier/recovery';
import { sessionRoutes } from './supplier/session';
import { tenderRoutes } from './tender';
import { visitApplyRoutes } from './visit-apply';

/** The contract's routes, by area, under `/bid-web/bid-service` (the operator endpoints and OpenAPI are app.ts's). */
export async function registerRoutes(
  app: FastifyInstance,
  opts: { dataDir: string; allowedOrigins: string[]; databaseUrl?: string },
): Promise<void> {
  await app.register(businessRoutes);
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
  await app.register(enquiryRoutes);
  await app.register(visitApplyRoutes);
  await app.register(homeRoutes);
  await app.register(h5Routes);
}
