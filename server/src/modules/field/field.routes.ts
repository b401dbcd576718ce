import {
  Code,
  FIELD_USE_KEY,
  ZDocumentDownloadQuery,
  ZFieldDay,
  ZFieldDayInput,
  ZFieldPhoto,
  ZFieldPhotoInput,
  ZFieldRevealCodeAnswer,
  ZFieldRevealCodeInput,
} from '@tidyhouse/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/database';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { defineFileRoute, defineRoute } from '../../platform/route';
import { revealAuditEntry, revealCode } from '../customers/keys.service';
import { imageFile, uploadImage } from '../service/jobs/job-media.service';
import { jobImages } from '../service/jobs/jobs.tables';
import { fieldActionRoutes } from './actions.routes';
import { myDay } from './day.query';
import { fieldResolveRoutes } from './resolve.routes';
import { fieldJobScope } from './scope';

/** Uploads carry base64 (a third larger than the file): room for a 10 MB photo, as the job detail allows. */
const UPLOAD_BODY_LIMIT = 24 * 1024 * 1024;

/**
 * The field app's calls (issue 21; docs/business-rules.md "Field app"): thin routes composing the
 * domains' services with the crew's scope (`fieldJobScope`). A cleaner's session reaches these only
 * (auth-hook.ts); an office user holding `field:use` sees what a crew sees.
 */
export async function fieldRoutes(app: FastifyInstance, { db, secrets }: Deps) {
  // Inside a transaction the scope reads through it (one connection: PGlite has no other).
  const scopeOf = (on: Db, request: FastifyRequest, jobId: number, allowTomorrow: boolean) =>
    fieldJobScope(on, request.session!.userId, jobId, { allowTomorrow, asOffice: !request.session!.fieldOnly });
  // Punches, job events and the offline queue (F2): their own file.
  await fieldActionRoutes(app, { db });
  // The office clears the conflicts it has looked at (F5).
  await fieldResolveRoutes(app, { db });

  defineRoute(app, {
    path: '/field/myDay',
    summary: "The crew's jobs of today (or tomorrow, read-only) in order, with the cleaner's clock",
    permission: FIELD_USE_KEY,
    body: ZFieldDayInput,
    response: ZFieldDay,
    handler: (request, body) => myDay(db, request.session!, body, request.locale, new Date()),
  });

  defineRoute(app, {
    path: '/field/revealCode',
    summary: "Reveal the key, alarm or gate code of one of today's jobs of the crew (audited)",
    permission: FIELD_USE_KEY,
    body: ZFieldRevealCodeInput,
    response: ZFieldRevealCodeAnswer,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const { job } = await scopeOf(tx, request, body.jobId, false);
        const { value, location, customerName } = await revealCode(tx, secrets, job.locationId, body.kind);
        // Logged as a reveal on the key list is: who saw which code of which location, never the code.
        await audit(tx, request, revealAuditEntry(request.session!, body.kind, location, customerName));
        return { jobId: job.id, kind: body.kind, value };
      }),
  });

  defineRoute(app, {
    path: '/field/photo',
    summary: "Add a before/after photo to one of today's jobs of the crew",
    permission: FIELD_USE_KEY,
    body: ZFieldPhotoInput,
    response: ZFieldPhoto,
    bodyLimit: UPLOAD_BODY_LIMIT,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        await scopeOf(tx, request, body.jobId, false);
        const { row, reference } = await uploadImage(tx, request.session!.userId, body);
        // The job's change log, as a photo uploaded on the job detail.
        await audit(tx, request, {
          module: 'service',
          recordType: 'job',
          recordId: row.jobId,
          action: 'uploadImage',
          details: { params: { kind: `photo_${row.kind}`, name: row.name, bytes: row.sizeBytes, reference } },
        });
        return { id: row.id, kind: row.kind, url: `/field/image?id=${row.id}` };
      }),
  });

  defineFileRoute(app, {
    path: '/field/image',
    summary: "The bytes of a photo of one of the crew's jobs of today or tomorrow",
    permission: FIELD_USE_KEY,
    query: ZDocumentDownloadQuery,
    handler: async (request, query) => {
      const [image] = await db.select({ jobId: jobImages.jobId }).from(jobImages).where(eq(jobImages.id, query.id));
      if (!image) throw new AppError(Code.FORBIDDEN, 'error.forbidden');
      await scopeOf(db, request, image.jobId, true);
      return imageFile(db, query.id);
    },
  });
}
