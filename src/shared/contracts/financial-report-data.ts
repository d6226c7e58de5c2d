import type * as reports from './financial-reports.js';

/**
 * The JSON body of each financial report, by report id (ReportId; `GET /api/reports/<id>`): lets the API's
 * exports and the screens pick the right renderer for a report and type it in one step.
 */
export interface ReportData {
  'fee-collection': reports.FeeCollectionReport;
  arrears: reports.ArrearsReport;
  defaulters: reports.DefaultersReport;
  'cash-book': reports.CashBookReport;
  'income-expenditure': reports.IncomeExpenditureReport;
  'mpesa-reconciliation': reports.MpesaReconciliationReport;
  'expenses-by-category': reports.ExpensesByCategoryReport;
  'budget-vs-actual': reports.BudgetVsActualReport;
}
