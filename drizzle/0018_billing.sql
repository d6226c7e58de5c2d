-- 0018_billing: placeholder, filled by issue 18 work.
SELECT 1;
