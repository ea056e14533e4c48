// A post's image at full size, loaded the first time a member opens it (PostCard.tsx): a closed
// Modal still mounts its portal, focus and scroll-lock machinery, once per card.
import { Box, Modal } from '@mantine/core';
import { useMounted } from '@mantine/hooks';

export default function PostImageDialog({
  opened,
  onClose,
  src,
  alt,
}: {
  opened: boolean;
  onClose: () => void;
  src: string;
  alt: string;
}) {
  // Mounted closed, then opened: the dialog's entrance plays, and it remembers where focus was so it
  // can give it back on closing.
  const mounted = useMounted();
  return (
    <Modal
      opened={opened && mounted}
      onClose={onClose}
      size="auto"
      centered
      padding={0}
      withCloseButton={false}
    >
      <Box onClick={onClose}>
        <img
          src={src}
          alt={alt}
          style={{ display: 'block', maxWidth: '92vw', maxHeight: '88vh', objectFit: 'contain' }}
        />
      </Box>
    </Modal>
  );
}
