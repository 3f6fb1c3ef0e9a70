/// The Scene stage of the pipeline; see Package.swift for how the stages connect.
public enum SceneModule {}
