import {
  ZMinimumWage,
  ZMinimumWageAddRequest,
  ZMinimumWageRemoveRequest,
  ZPayrollExportQuery,
  ZPayrollSettings,
  ZPayrollSettingsUpdateRequest,
  ZWageDetail,
  ZWageDetailRequest,
  ZWageExportQuery,
  ZWageQueryRequest,
  ZWageStatementQuery,
  ZWageSummary,
} from '@tidyhouse/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../../../platform/deps';
import { defineFileRoute, defineRoute, ZEmpty } from '../../../platform/route';
import { showsPayRates, withPayRates } from './pay-visibility';
import { payrollExport } from './payroll-export';
import { exportWages } from './wage-export';
import {
  addMinimumWage,
  getPayrollSettings,
  listMinimumWages,
  removeMinimumWage,
  updatePayrollSettings,
} from './wage-settings.service';
import { wageStatement } from './wage-statement';
import { queryWageDetail, queryWageSummary } from './wages.service';

/** The Employee Wages Summary screen's key: wages, their settings, export and statements. */
export const WAGES = '/employee/wages';

/** Wages (issue 11): the spec's `/jhSchedule/queryWage`, and `/wage/*` for the rest. */
export async function wagesRoutes(app: FastifyInstance, { db }: Deps) {
  defineRoute(app, {
    path: '/jhSchedule/queryWage',
    summary: 'Wages of every employee for the pay period holding a date: lines of pay and gross',
    permission: WAGES,
    body: ZWageQueryRequest,
    response: ZWageSummary,
    handler: async (request, body) => {
      const summary = await queryWageSummary(db, body, request.locale);
      const show = await showsPayRates(db, request);
      return { ...summary, rows: summary.rows.map((row) => withPayRates(row, show)) };
    },
  });

  defineRoute(app, {
    path: '/wage/queryDetail',
    summary: "One employee's wages for a period, with the days and jobs behind every line",
    permission: WAGES,
    body: ZWageDetailRequest,
    response: ZWageDetail,
    handler: async (request, body) =>
      withPayRates(await queryWageDetail(db, body, request.locale), await showsPayRates(db, request)),
  });

  defineFileRoute(app, {
    path: '/wage/export',
    summary: 'Wages as XLSX: a sheet per pay period, a line per employee, and a sheet of details',
    permission: WAGES,
    query: ZWageExportQuery,
    handler: async (request, query) => exportWages(db, query, request.locale, await showsPayRates(db, request)),
  });

  defineFileRoute(app, {
    path: '/wage/payrollExport',
    summary: "The period's wages for the payroll processor: CSV, a row per employee and pay code",
    permission: WAGES,
    query: ZPayrollExportQuery,
    handler: async (request, query) => payrollExport(db, query, request.locale, await showsPayRates(db, request)),
  });

  defineFileRoute(app, {
    path: '/wage/statement',
    summary: "An employee's printable wage statement for a period (PDF, zh or en)",
    permission: WAGES,
    query: ZWageStatementQuery,
    handler: async (request, query) => {
      const { pdf, fileName } = await wageStatement(db, query.userId, query.date, query.lang ?? request.locale);
      return { content: pdf, mimeType: 'application/pdf', fileName };
    },
  });

  defineRoute(app, {
    path: '/wage/settings',
    summary: 'Payroll settings: pay period kind and anchor, percentage split',
    permission: WAGES,
    body: ZEmpty,
    response: ZPayrollSettings,
    handler: () => getPayrollSettings(db),
  });

  defineRoute(app, {
    path: '/wage/updateSettings',
    summary: 'Change the payroll settings',
    permission: WAGES,
    body: ZPayrollSettingsUpdateRequest,
    response: ZPayrollSettings,
    handler: (request, body) => db.transaction((tx) => updatePayrollSettings(tx, request, body)),
  });

  defineRoute(app, {
    path: '/wage/queryMinimumWages',
    summary: 'The minimum wages of every jurisdiction (state, cities, counties) by effective date and employer size',
    permission: WAGES,
    body: ZEmpty,
    response: z.array(ZMinimumWage),
    handler: () => listMinimumWages(db),
  });

  defineRoute(app, {
    path: '/wage/addMinimumWage',
    summary: "Set a jurisdiction's minimum wage from a date (the state's when no jurisdiction is given)",
    permission: WAGES,
    body: ZMinimumWageAddRequest,
    response: ZMinimumWage,
    handler: (request, body) => db.transaction((tx) => addMinimumWage(tx, request, body)),
  });

  defineRoute(app, {
    path: '/wage/removeMinimumWage',
    summary: 'Delete a minimum wage rate',
    permission: WAGES,
    body: ZMinimumWageRemoveRequest,
    response: z.object({ id: z.number().int() }),
    handler: (request, body) => db.transaction((tx) => removeMinimumWage(tx, request, body.id)),
  });
}
