-- Issue 8 item 8: phones are stored one way. Stored US numbers typed any other way ("6505551234",
-- "650.555.1234 ext 7") become "(650) 555-1234" / "(650) 555-1234 x7", as contract/src/phone.ts
-- stores new ones. Anything else (other countries, free text) is left as it was. Digits do not change,
-- so the customer search terms stay valid.
CREATE FUNCTION th_normalize_us_phone(p text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN m.main ~ '^[0-9\s().+-]+$' AND m.digits ~ '^1?[2-9][0-9]{9}$'
      THEN '(' || substr(right(m.digits, 10), 1, 3) || ') ' || substr(right(m.digits, 10), 4, 3) || '-' ||
        substr(right(m.digits, 10), 7, 4) || coalesce(' x' || m.ext, '')
    ELSE p
  END
  FROM (
    SELECT btrim(regexp_replace(p, '\s*(x|ext\.?|#)\s*[0-9]{1,6}\s*$', '', 'i')) AS main,
      regexp_replace(regexp_replace(p, '\s*(x|ext\.?|#)\s*[0-9]{1,6}\s*$', '', 'i'), '[^0-9]', '', 'g') AS digits,
      substring(p FROM '(?:x|ext\.?|#)\s*([0-9]{1,6})\s*$') AS ext
  ) m
$$;
--> statement-breakpoint
UPDATE customers SET phone1 = th_normalize_us_phone(phone1), phone2 = th_normalize_us_phone(phone2), phone3 = th_normalize_us_phone(phone3)
  WHERE th_normalize_us_phone(phone1) <> phone1 OR th_normalize_us_phone(phone2) <> phone2 OR th_normalize_us_phone(phone3) <> phone3;
--> statement-breakpoint
UPDATE quotes SET phone1 = th_normalize_us_phone(phone1), phone2 = th_normalize_us_phone(phone2), phone3 = th_normalize_us_phone(phone3)
  WHERE th_normalize_us_phone(phone1) <> phone1 OR th_normalize_us_phone(phone2) <> phone2 OR th_normalize_us_phone(phone3) <> phone3;
--> statement-breakpoint
UPDATE customer_locations SET contact_phone = th_normalize_us_phone(contact_phone) WHERE th_normalize_us_phone(contact_phone) <> contact_phone;
--> statement-breakpoint
UPDATE sys_users SET phone = th_normalize_us_phone(phone) WHERE th_normalize_us_phone(phone) <> phone;
--> statement-breakpoint
UPDATE sys_users SET emergency_phone = th_normalize_us_phone(emergency_phone) WHERE th_normalize_us_phone(emergency_phone) <> emergency_phone;
--> statement-breakpoint
UPDATE business_profile SET phone = th_normalize_us_phone(phone) WHERE th_normalize_us_phone(phone) <> phone;
--> statement-breakpoint
DROP FUNCTION th_normalize_us_phone(text);
