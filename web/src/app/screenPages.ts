import type { Domain, ScreenDef } from '@tidyhouse/contract';
import type { PageLoader } from '@/lib/lazyPage';
import { canonicalScreen } from '@/lib/screens';
import { billingPages } from '@/modules/billing/routes';
import { customersPages } from '@/modules/customers/routes';
import { dashboardPages } from '@/modules/dashboard/routes';
import { employeesPages } from '@/modules/employees/routes';
import { marketingPages } from '@/modules/marketing/routes';
import { messagingPages } from '@/modules/messaging/routes';
import { officePages } from '@/modules/office/routes';
import { payrollPages } from '@/modules/payroll/routes';
import { salesPages } from '@/modules/sales/routes';
import { servicePages } from '@/modules/service/routes';
import { systemPages } from '@/modules/system/routes';

/** Each domain module's pages, keyed by the url of the screen they render. */
export const DOMAIN_PAGES: Record<Domain, Readonly<Record<string, PageLoader>>> = {
  dashboard: dashboardPages,
  sales: salesPages,
  customers: customersPages,
  employees: employeesPages,
  payroll: payrollPages,
  service: servicePages,
  office: officePages,
  marketing: marketingPages,
  billing: billingPages,
  messaging: messagingPages,
  system: systemPages,
};

/**
 * The page for a menu route. A Quick Link shows the very page of the screen it leads to, rendered
 * by that screen's domain, so the two paths of one screen never drift apart.
 */
export function pageFor(screen: ScreenDef): PageLoader | undefined {
  const target = canonicalScreen(screen);
  return DOMAIN_PAGES[target.domain][target.url];
}
