import { useSelector } from '@xstate/react'
import { useEffect } from 'react'
import type { ActorRefFrom } from 'xstate'
import { fileDetail, isImageMediaType, type MessageAttachment } from '../../domain/attachments'
import type { attachmentPreviewsMachine } from '../../machines/attachment-previews.machine'
import { useAppActors } from '../shell/app-actors'
import { AppDialog } from '../shell/app-dialog'
import { attachmentChips } from './attachment-chips.recipe'
import { FileTextIcon } from './attachment-icons'

const styles = attachmentChips()

type Previews = ActorRefFrom<typeof attachmentPreviewsMachine>

/**
 * A sent message's files (docs/product/attachments.md#in-the-history): an image as a thumbnail
 * that opens large, a text file as its name. Only the four image types are ever drawn; any
 * other (an SVG) never is.
 */
export function MessageAttachments({ attachments }: { attachments: readonly MessageAttachment[] }) {
  // An extra: there once its code has loaded (docs/product/attachments.md#in-the-history).
  const previews = useSelector(useAppActors().app, (s) => s.children.previews)
  return (
    <ul aria-label="Attachments" className={styles.list}>
      {attachments.map((attachment) => (
        <li key={attachment.id}>
          {attachment.kind === 'image' && isImageMediaType(attachment.mediaType) && previews ? (
            <Thumbnail attachment={attachment} previews={previews} />
          ) : (
            <span className={styles.chip}>
              <span className={styles.icon}>
                <FileTextIcon width={16} height={16} />
              </span>
              <span className={styles.text}>
                <span className={styles.name}>{attachment.name}</span>
                <span className={styles.detail}>{fileDetail(attachment)}</span>
              </span>
            </span>
          )}
        </li>
      ))}
    </ul>
  )
}

function Thumbnail({
  attachment,
  previews,
}: {
  attachment: MessageAttachment
  previews: Previews
}) {
  const { path, name } = attachment
  const preview = useSelector(previews, (s) => s.context.previews[path])
  const open = useSelector(previews, (s) => s.context.viewing?.id === attachment.id)
  useEffect(() => previews.send({ type: 'preview.want', path }), [previews, path])
  const url = preview?.status === 'ready' ? preview.url : null
  return (
    <>
      <button
        type="button"
        aria-label={`Open ${name}`}
        title={name}
        onClick={() => previews.send({ type: 'viewer.open', attachment })}
        className={styles.thumb}
      >
        {url && (
          <img
            src={url}
            alt={name}
            width={attachment.width ?? undefined}
            height={attachment.height ?? undefined}
            className={styles.image}
          />
        )}
      </button>
      <AppDialog
        open={open}
        onClose={() => previews.send({ type: 'viewer.close' })}
        title={name}
        description={fileDetail(attachment)}
        closeLabel="Close"
        size="xl"
      >
        <div className={styles.stage}>
          {url ? (
            <img src={url} alt={name} className={styles.large} />
          ) : (
            <p>{preview?.status === 'failed' ? 'The image could not be loaded.' : 'Loading…'}</p>
          )}
        </div>
      </AppDialog>
    </>
  )
}
