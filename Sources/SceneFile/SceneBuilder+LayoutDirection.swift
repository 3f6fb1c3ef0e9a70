import Layout
import Scene

extension LayoutDirection: SchemaEnum {}
extension SemanticContentAttribute: SchemaEnum {}
