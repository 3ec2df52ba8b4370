import { imageSources } from '../../domain/images.ts';

interface Props {
  src: string | null | undefined;
  width: number;
  height: number;
  className?: string;
  sizes?: string;
  loading?: 'eager' | 'lazy';
  /** The page's main picture: fetched before other images. */
  first?: boolean;
}

/** A course's picture: one the server stored is offered as AVIF first, then its WebP; a course without one shows the template. */
export default function CoursePicture({ src, width, height, className, sizes, loading = 'lazy', first = false }: Props) {
  return (
    <picture className={className}>
      {imageSources(src).map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcset} sizes={sizes} />
      ))}
      <img
        src={src || '/course-template.svg'}
        alt=""
        width={width}
        height={height}
        loading={first ? 'eager' : loading}
        decoding="async"
        fetchPriority={first ? 'high' : undefined}
      />
    </picture>
  );
}
