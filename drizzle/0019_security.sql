-- 0019_security: placeholder, filled by issue 18 work.
SELECT 1;
