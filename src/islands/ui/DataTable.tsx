import type { ReactNode, TableHTMLAttributes } from 'react';

interface Props extends TableHTMLAttributes<HTMLTableElement> {
  caption?: ReactNode;
  /** The column headings, in order. */
  columns: ReactNode[];
  /** The body's rows. */
  children: ReactNode;
  /** Inside a .table-scroll box, which scrolls sideways on a narrow screen; off in a dialog that scrolls itself. */
  scroll?: boolean;
}

/** A table of records: its caption, one row of column headings, the caller's rows; the same markup in every island. */
export default function DataTable({ caption, columns, children, scroll = true, ...table }: Props) {
  const body = (
    <table {...table}>
      {caption !== undefined && <caption>{caption}</caption>}
      <thead>
        <tr>
          {columns.map((column, i) => (
            <th scope="col" key={i}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
  return scroll ? <div className="table-scroll">{body}</div> : body;
}
