-- 0020_platform_ops: placeholder, filled by issue 18 work.
SELECT 1;
