"""Install searx-ai as a package (``pip install -e .``)."""

from pathlib import Path

from setuptools import find_packages, setup

REQUIREMENTS = [line.split("#")[0].strip() for line in
                Path(__file__).with_name("requirements.txt").read_text(encoding="utf-8").splitlines()]

setup(
    name="searx-ai",
    version="0.1.0",
    description="A privacy-respecting metasearch engine with a grounded AI summary from a local LLM",
    long_description=Path(__file__).with_name("README.md").read_text(encoding="utf-8"),
    long_description_content_type="text/markdown",
    python_requires=">=3.11",
    packages=find_packages(include=["searx", "searx.*"]),
    include_package_data=True,
    package_data={"searx": ["settings.yml", "data/*.yml", "webapp/openapi.yaml", "webapp/templates/*", "static/**/*",
                            "translations/**/*"]},
    install_requires=[r for r in REQUIREMENTS if r],
    entry_points={"console_scripts": ["searx-check=searx.check:main", "searx-mcp=searx.mcp.stdio:main"]},
)
