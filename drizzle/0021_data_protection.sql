-- 0021_data_protection: placeholder, filled by issue 18 work.
SELECT 1;
