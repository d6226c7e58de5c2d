/**
 * The CRUD-list pattern (issue 33): a short list on the DataTable kit with add, edit (a dialog around
 * the screen's form) and delete (a confirmation naming the row). Used by the setup tabs and the
 * transport fleet.
 */
export { CrudList, CrudFormButtons, type CrudFormProps, type CrudListProps } from './crud-list';
