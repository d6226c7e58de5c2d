// Issue 18 tables: filled by issue 18 work.
export {};
