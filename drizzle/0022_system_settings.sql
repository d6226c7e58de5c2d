-- 0022_system_settings: placeholder, filled by issue 18 work.
SELECT 1;
