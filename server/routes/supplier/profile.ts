import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../../contract/endpoints';
import { SupplierStatus } from '../../../contract/limits';
import type { SupplierFields } from '../../../contract/schemas/supplier';
import type { Queryable } from '../../db/db';
import { clashOfError, findClash, findSupplierById, insertSupplier, updateSupplierFields } from '../../db/supplier-repo';
import { conflict, forbidden, unauthorized } from '../../http/api-error';
import { route } from '../../http/route';
import { hashPassword } from '../../security/passwords';
import { checkFileRefs, claimFileRefs } from '../../services/file-refs';
import { checkRegistrationQuota, takeRegistrationQuota } from '../../services/quotas';

/** E409 naming the field another supplier already holds. */
async function refuseClash(db: Queryable, username: string | null, fields: SupplierFields, exceptId: string | null): Promise<void> {
  const clash = await findClash(db, username, fields.creditCode, exceptId);
  if (clash === 'username') throw conflict('usernameTaken', 'username');
  if (clash === 'creditCode') throw conflict('creditCodeTaken', 'creditCode');
}

/** A unique index caught a concurrent registration that findClash could not see yet. */
function rethrowClash(error: unknown): never {
  const clash = clashOfError(error);
  if (clash === 'username') throw conflict('usernameTaken', 'username');
  if (clash === 'creditCode') throw conflict('creditCodeTaken', 'creditCode');
  throw error;
}

export async function profileRoutes(app: FastifyInstance): Promise<void> {
  const { now, quotas, storage } = app.services;

  route(
    app,
    'supplier',
    endpoints.supplierSave,
    async ({ input, db, req }) => {
      const { username, newPassword, conPassword: _confirmed, ...fields } = input;
      // Anyone may register: a day's registrations per address are limited (services/quotas.ts).
      await checkRegistrationQuota(db, quotas, now(), req.ip);
      const passwordHash = await hashPassword(newPassword);
      const supplierId = await db
        .transaction(async (tx) => {
          await takeRegistrationQuota(tx, quotas, now(), req.ip);
          await refuseClash(tx, username, fields, null);
          const checked = await checkFileRefs(tx, storage, fields, null, null);
          const id = await insertSupplier(tx, { username, passwordHash, status: SupplierStatus.A101, fields: checked }, now());
          await claimFileRefs(tx, checked, id);
          return id;
        })
        .catch(rethrowClash);
      return { supplierId };
    },
    { idempotent: true },
  );

  route(app, 'supplier', endpoints.supplierGetById, async ({ params, session, db }) => {
    // Another supplier's id, existing or not, is simply not yours: no enumeration.
    if (params.supplierId !== session!.supplierId) throw forbidden();
    const record = await findSupplierById(db, session!.supplierId);
    if (!record) throw unauthorized();
    return record.supplier;
  });

  route(
    app,
    'supplier',
    endpoints.supplierUpdate,
    async ({ input, session, db }) => {
      const supplierId = session!.supplierId;
      await db
        .transaction(async (tx) => {
          await refuseClash(tx, null, input, supplierId);
          const recorded = (await findSupplierById(tx, supplierId))?.supplier.businessLicense?.path ?? null;
          const checked = await checkFileRefs(tx, storage, input, supplierId, recorded);
          await updateSupplierFields(tx, supplierId, checked, now());
          await claimFileRefs(tx, checked, supplierId);
        })
        .catch(rethrowClash);
      const record = await findSupplierById(db, supplierId);
      if (!record) throw unauthorized();
      return record.supplier;
    },
    { idempotent: true },
  );
}
