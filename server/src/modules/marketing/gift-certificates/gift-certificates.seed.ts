import { addDays, type GiftCertificateAddRequest } from '@tidyhouse/contract';
import { eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../platform/database';
import { addPayment } from '../../billing/payments/payments.service';
import { sysUsers } from '../../employees/employees.tables';
import { addGiftCertificate, voidGiftCertificate } from './gift-certificates.service';

const sale = (values: Partial<GiftCertificateAddRequest> & Pick<GiftCertificateAddRequest, 'purchaserName' | 'recipientName'>) =>
  ({
    purchaserCustomerId: null,
    purchaserPhone: '',
    purchaserEmail: '',
    recipientPhone: '',
    recipientEmail: '',
    language: 'en',
    serviceDescription: '',
    message: '',
    officeNotes: '',
    sentOn: null,
    purchaseAmountCents: 10_000,
    certificateAmountCents: 10_000,
    purchaseMethod: 'credit_card',
    purchasedOn: '2026-01-01',
    ...values,
  }) satisfies GiftCertificateAddRequest;

/**
 * Demo gift certificates in every status: active and untouched, partly redeemed on a demo job,
 * used up, voided, one with a balance under $10 (the 1749.5 cash payout applies), a complimentary
 * one and one in Chinese. Runs after the service demo data (it redeems on completed jobs).
 */
export async function seedDemoGiftCertificates(db: Db, today: string): Promise<void> {
  const [office] = await db.select({ id: sysUsers.id }).from(sysUsers).where(eq(sysUsers.uname, 'office'));
  const actor = office?.id ?? 1;
  const jobs = await queryRows<{ id: number; customer_id: number; service_date: string }>(
    db,
    sql`select id, customer_id, to_char(service_date, 'YYYY-MM-DD') as service_date from jobs
         where status in ('completed', 'closed') and service_date between ${addDays(today, -40)} and ${addDays(today, -7)}
         order by service_date desc, id limit 3`,
  );
  const redeem = async (number: string, amountCents: number, job: (typeof jobs)[number] | undefined) => {
    if (!job) return;
    await addPayment(
      db,
      actor,
      {
        customerId: job.customer_id,
        paidOn: job.service_date,
        amountCents,
        gratuityCents: 0,
        method: 'gift_certificate',
        checkNumber: '',
        cardLast4: '',
        giftCertificateNumber: number,
        note: '',
      },
      { jobId: job.id },
    );
  };
  const sell = (values: Parameters<typeof sale>[0]) => addGiftCertificate(db, actor, sale(values));

  await sell({
    purchaserName: 'Helen Park',
    purchaserEmail: 'helen.park@example.com',
    recipientName: 'Grace Liu',
    recipientEmail: 'grace.liu@example.com',
    purchaseAmountCents: 9_000,
    purchasedOn: addDays(today, -12),
    sentOn: addDays(today, -11),
    serviceDescription: 'One standard cleaning',
    message: 'Happy birthday, Grace! Enjoy a spotless home.',
  });
  const partly = await sell({
    purchaserName: 'Tom Becker',
    purchaserPhone: '(650) 555-0188',
    recipientName: 'Anna Becker',
    certificateAmountCents: 15_000,
    purchaseAmountCents: 15_000,
    purchaseMethod: 'check',
    purchasedOn: addDays(today, -70),
    message: 'For the new house.',
  });
  await redeem(partly.number, 6_450, jobs[0]);
  const usedUp = await sell({
    purchaserName: 'Maria Gonzalez',
    recipientName: 'Lucia Gonzalez',
    certificateAmountCents: 5_000,
    purchaseAmountCents: 5_000,
    purchaseMethod: 'cash',
    purchasedOn: addDays(today, -90),
  });
  await redeem(usedUp.number, 5_000, jobs[1]);
  const small = await sell({
    purchaserName: 'Kevin Wu',
    recipientName: 'Sandra Wu',
    purchasedOn: addDays(today, -120),
    officeNotes: 'Recipient asked about the small balance: she may take it in cash.',
  });
  await redeem(small.number, 9_350, jobs[2]);
  const lost = await sell({
    purchaserName: 'Daniel Kim',
    recipientName: 'Jenny Kim',
    certificateAmountCents: 7_500,
    purchaseAmountCents: 7_500,
    purchasedOn: addDays(today, -30),
  });
  await voidGiftCertificate(db, actor, {
    id: lost.id,
    version: lost.version,
    reason: 'Reported lost by the purchaser; a new certificate was issued for the balance.',
  });
  await sell({
    purchaserName: 'Tidyhouse',
    recipientName: 'Robert Chen',
    certificateAmountCents: 5_000,
    purchaseAmountCents: 0,
    purchaseMethod: 'complimentary',
    purchasedOn: addDays(today, -5),
    officeNotes: 'Service recovery after the missed visit.',
  });
  await sell({
    purchaserName: '王丽',
    recipientName: '陈美玲',
    language: 'zh',
    certificateAmountCents: 20_000,
    purchaseAmountCents: 18_000,
    purchasedOn: addDays(today, -3),
    serviceDescription: '一次深度清洁',
    message: '新年快乐，家里焕然一新！',
  });
}
