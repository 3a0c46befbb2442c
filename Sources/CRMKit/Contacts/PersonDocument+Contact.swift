import CRMFormat
import CRMVault

extension PersonDocument {
    /// `company:`, a key imports write (the organisation; the person's own name for an organisation).
    package var company: String? { frontMatter?["company"]?.string }
    /// `position:`, a key imports write (the job title).
    package var position: String? { frontMatter?["position"]?.string }
    /// `linkedin:`, the person's LinkedIn profile URL (see `FieldSchema.linkedIn`).
    package var linkedIn: String? { frontMatter?[FieldSchema.linkedIn.key]?.string }
}
