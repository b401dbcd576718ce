-- Hand-written (issue 19, billing/balances). The Accounts Receivable screen key for the office
-- manager role of an existing database (a new one gets it from the role presets), and one set-based
-- rebuild of payment applications and customer balances, kept as a function the seed calls too
-- (rebuildAllBalances): payments not yet applied go first to their job's live invoice, then on
-- account to open invoices oldest due first; each customer's applications never exceed the money it
-- holds (received − refunded − already applied), what is left stays credit.
INSERT INTO "role_permissions" ("role_id", "key")
SELECT r."id", '/customer/aging' FROM "roles" r
 WHERE r."code" = 'office_manager'
   AND NOT EXISTS (SELECT 1 FROM "role_permissions" p WHERE p."role_id" = r."id" AND p."key" = '/customer/aging');
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "billing_rebuild_balances"() RETURNS void LANGUAGE sql AS $$
INSERT INTO payment_applications (customer_id, payment_id, invoice_id, amount_cents)
WITH pay AS (
  SELECT p.id, p.customer_id, p.job_id, p.paid_on,
         p.amount_cents - coalesce((SELECT sum(a.amount_cents) FROM payment_applications a WHERE a.payment_id = p.id), 0) AS left_cents
    FROM customer_payments p
   WHERE p.kind = 'payment' AND p.reversed_by_id IS NULL
), inv AS (
  SELECT i.id, i.customer_id, i.job_id, i.due_on, i.total_cents - i.applied_cents AS open_cents
    FROM invoices i
   WHERE i.status IN ('open', 'partly_paid') AND i.total_cents > i.applied_cents
), job_pay AS (
  SELECT p.customer_id, p.id AS payment_id, i.id AS invoice_id, p.paid_on, i.due_on,
         least(p.left_cents, greatest(0, i.open_cents - coalesce(sum(p.left_cents) OVER (
           PARTITION BY i.id ORDER BY p.paid_on, p.id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0))) AS amount
    FROM pay p JOIN inv i ON i.job_id = p.job_id AND i.customer_id = p.customer_id
   WHERE p.left_cents > 0
), pay_left AS (
  SELECT p.id, p.customer_id, p.paid_on,
         p.left_cents - coalesce((SELECT sum(j.amount) FROM job_pay j WHERE j.payment_id = p.id), 0) AS left_cents
    FROM pay p
), inv_left AS (
  SELECT i.id, i.customer_id, i.due_on,
         i.open_cents - coalesce((SELECT sum(j.amount) FROM job_pay j WHERE j.invoice_id = i.id), 0) AS open_cents
    FROM inv i
), pay_span AS (
  SELECT id, customer_id, paid_on, sum(left_cents) OVER w - left_cents AS lo, sum(left_cents) OVER w AS hi
    FROM pay_left WHERE left_cents > 0
  WINDOW w AS (PARTITION BY customer_id ORDER BY paid_on, id)
), inv_span AS (
  SELECT id, customer_id, due_on, sum(open_cents) OVER w - open_cents AS lo, sum(open_cents) OVER w AS hi
    FROM inv_left WHERE open_cents > 0
  WINDOW w AS (PARTITION BY customer_id ORDER BY due_on, id)
), candidates AS (
  SELECT customer_id, payment_id, invoice_id, amount, 1 AS phase, paid_on, due_on FROM job_pay WHERE amount > 0
  UNION ALL
  SELECT p.customer_id, p.id, i.id, least(p.hi, i.hi) - greatest(p.lo, i.lo), 2, p.paid_on, i.due_on
    FROM pay_span p JOIN inv_span i ON i.customer_id = p.customer_id AND p.lo < i.hi AND i.lo < p.hi
), money AS (
  SELECT c.customer_id,
         (SELECT coalesce(sum(p.amount_cents), 0) FROM customer_payments p WHERE p.customer_id = c.customer_id)
       - (SELECT coalesce(sum(r.amount_cents), 0) FROM customer_refunds r WHERE r.customer_id = c.customer_id AND r.status = 'refunded')
       - (SELECT coalesce(sum(a.amount_cents), 0) FROM payment_applications a WHERE a.customer_id = c.customer_id) AS pool
    FROM (SELECT DISTINCT customer_id FROM candidates) c
), capped AS (
  SELECT c.customer_id, c.payment_id, c.invoice_id,
         least(c.amount, greatest(0, m.pool - coalesce(sum(c.amount) OVER (PARTITION BY c.customer_id
           ORDER BY c.phase, c.paid_on, c.payment_id, c.due_on, c.invoice_id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0))) AS take
    FROM candidates c JOIN money m ON m.customer_id = c.customer_id
)
SELECT customer_id, payment_id, invoice_id, take FROM capped WHERE take > 0;

UPDATE invoices i
   SET applied_cents = a.applied,
       status = CASE WHEN i.status = 'void' THEN 'void' WHEN a.applied >= i.total_cents THEN 'paid'
                     WHEN a.applied = 0 THEN 'open' ELSE 'partly_paid' END
  FROM (SELECT inv.id, coalesce(sum(pa.amount_cents), 0)::int AS applied
          FROM invoices inv LEFT JOIN payment_applications pa ON pa.invoice_id = inv.id
         GROUP BY inv.id) a
 WHERE a.id = i.id;

INSERT INTO customer_balances AS b (customer_id, invoiced_cents, open_cents, credit_cents, balance_cents, oldest_due_on, updated_at)
SELECT c.id, coalesce(inv.invoiced, 0), coalesce(inv.open, 0),
       coalesce(pay.received, 0) - coalesce(ref.refunded, 0) - coalesce(app.applied, 0),
       coalesce(inv.open, 0) - (coalesce(pay.received, 0) - coalesce(ref.refunded, 0) - coalesce(app.applied, 0)),
       inv.oldest_due_on, now()
  FROM customers c
  LEFT JOIN (SELECT customer_id, sum(total_cents) FILTER (WHERE status <> 'void') AS invoiced,
                    sum(total_cents - applied_cents) FILTER (WHERE status IN ('open', 'partly_paid')) AS open,
                    min(due_on) FILTER (WHERE status IN ('open', 'partly_paid')) AS oldest_due_on
               FROM invoices GROUP BY customer_id) inv ON inv.customer_id = c.id
  LEFT JOIN (SELECT customer_id, sum(amount_cents) AS received FROM customer_payments GROUP BY customer_id) pay ON pay.customer_id = c.id
  LEFT JOIN (SELECT customer_id, sum(amount_cents) AS refunded FROM customer_refunds WHERE status = 'refunded' GROUP BY customer_id) ref
         ON ref.customer_id = c.id
  LEFT JOIN (SELECT customer_id, sum(amount_cents) AS applied FROM payment_applications GROUP BY customer_id) app ON app.customer_id = c.id
ON CONFLICT (customer_id) DO UPDATE SET invoiced_cents = excluded.invoiced_cents, open_cents = excluded.open_cents,
  credit_cents = excluded.credit_cents, balance_cents = excluded.balance_cents,
  oldest_due_on = excluded.oldest_due_on, updated_at = excluded.updated_at;
$$;
--> statement-breakpoint
SELECT "billing_rebuild_balances"();
